// Where an order sends something, when that place is outside the conversation (issue 13, red team
// round 14b): a mail address, a link, an IP address, a telephone number, a bank account or IBAN, or
// a public place ("the #public channel", "an open link"). The documentation placeholders of RFC 2606
// and RFC 6761 (example.com, *.example, *.test, *.invalid, localhost) are no destination: tool docs
// write `send_email(to='alice@example.com')` to show a call, not to make one.

// The host ends in a name, not a number: `debug@2.6.1` is a package version.
const MAIL = /[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})\b/gi;
const LINK = /\bhttps?:\/\/([\w.-]+)/g;
const PLACEHOLDER_HOST = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$/i;
const OTHER =
  /\b\d{1,3}(?:\.\d{1,3}){3}\b|\+\d[\d\s-]{7,}\d|\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}\b|\b(?:account|acct|konto|compte|cuenta|conto)\b[\s#:.]*(?:no\.?|number|nr\.?|n°)?\s*\d[\d-]{4,}|#public\b|\bpublic\s+channel|\bopen\s+link\b|\banyone\s+with\s+the\s+link\b|\bpublicly\b/i;

function outsideHost(expression: RegExp, text: string): boolean {
  expression.lastIndex = 0;
  for (let match = expression.exec(text); match !== null; match = expression.exec(text)) {
    if (!PLACEHOLDER_HOST.test(match[1].replace(/\.$/, ''))) {
      expression.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/** Whether `span` names a place outside the conversation that data, money or access could go to. */
export function namesOutsideDestination(span: string): boolean {
  return OTHER.test(span) || (span.includes('@') && outsideHost(MAIL, span)) || (span.includes('://') && outsideHost(LINK, span));
}
