// An order to pay to bank details that just changed (issue 13, round 18a): a supplier portal's
// "settle invoice … today to the new account DE44 …", a vendor note "update the remittance account to
// GB29 … and release all held payments to it", "Paguen la factura … a la nueva cuenta ES91 …". This
// is the invoice-redirection fraud, and an agent that pays it moves the principal's money to a
// stranger. A real notice of changed bank details tells of the change and asks a person to confirm
// it ("our details change on 1 January; please call your usual contact before updating anything"):
// it gives no order to pay. Evidence: in one passage, a payment act (pay, settle, wire, transfer,
// remit, release payments; the same in Spanish, French, German, Italian, Portuguese, Dutch, Polish
// and Turkish) of a supplier's money (an invoice, payments, a vendor) due now (an invoice, an amount, held payments, today), an account number or IBAN, and
// the account named new or changed, or its details updated in the same passage.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const PAY = new RegExp(
  [
    String.raw`\b(?:pay|settle|wire|transfer|remit|release\s+(?:all\s+|the\s+|any\s+)?(?:held\s+|pending\s+|outstanding\s+|blocked\s+)?payments?|(?:process|make|send|route|redirect)\s+(?:the\s+|all\s+|any\s+|future\s+)?(?:payments?|transfer|remittance))\b`,
    String.raw`\b(?:paguen|pague|paga|abonen|abone|transfieran|transfiera|transfiere|ingresen|ingrese|liquiden|liquide)\b`,
    String.raw`\b(?:payez|réglez|reglez|virez|versez|effectuez\s+le\s+(?:virement|paiement)|procédez\s+au\s+(?:virement|paiement))\b`,
    String.raw`\b(?:überweisen|überweise|zahlen\s+sie|bezahlen\s+sie|bezahle|begleichen\s+sie|begleiche)\b`,
    String.raw`\b(?:pagate|pagare|saldate|saldare|bonificate|effettuate\s+il\s+(?:bonifico|pagamento)|versate)\b`,
    String.raw`\b(?:paguem|transfiram|transfira|quitem|efetuem\s+o\s+pagamento)\b`,
    String.raw`\b(?:betaal|betaalt|maak\s+[^.\n]{0,40}?\s+over)\b`,
    String.raw`(?:zapłać|zapłaćcie|przelej|przelejcie|ureguluj)`,
    String.raw`\b(?:ödeyin|öde|havale\s+edin|gönderin)\b`,
  ].join('|'),
  'giu',
);
// An account number: an IBAN, or a number after an account word, or a routing number.
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/;
const ACCOUNT_WORDS =
  /\b(?:account|acct|konto|compte|cuenta|conto|conta|rekening|rachunek|hesap)\b[^.\n\d]{0,20}\d[\d\s-]{5,}\d|\brouting\b[^.\n\d]{0,12}\d{9}\b/i;
const hasAccount = (text: string): boolean => IBAN.test(text) || ACCOUNT_WORDS.test(text);
// A payment due now, not a rule for future ones: an invoice, an amount, held payments, a day.
const DUE_NOW =
  /\b(?:invoices?|factura|facture|rechnung|fattura|fatura|factuur|faktur\w*|held|pending|outstanding|overdue|today|now|immediately|urgent\w*|hoy|aujourd['’]hui|heute|oggi|hoje|vandaag|dzisiaj|bugün)\b|\d[\d,.\s]*\s?(?:€|eur|usd|gbp|chf|zł|pln|tl|try)\b|[€$£]\s?\d/i;
// A supplier's money: an invoice, payments to release, a vendor or payee named. A customer asking for
// the rest of their own credit balance on a new account of theirs is a refund request to a person.
const SUPPLIER =
  /\b(?:invoices?|factura|facture|rechnung|fattura|fatura|factuur|faktur\w*|payments|remittance|supplier|vendor|payee|beneficiary|creditor|proveedor|fournisseur|lieferant|fornitore|fornecedor|leverancier|dostawc\w*|tedarik\w*)\b/i;
const CHECK_WAVED =
  /\b(?:disregard|ignore|don['’]t\s+use|do\s+not\s+use|skip)\s+(?:the\s+|our\s+|any\s+)?(?:old|previous|former|existing|current)?\s*(?:details|account|bank\s+details|records?|vendor\s+master|master\s+data|details\s+on\s+file)|\bno\s+need\s+to\s+(?:call|verify|confirm|check)|\bwithout\s+(?:calling|verifying|verification|confirmation|a\s+call\s*back)\b/i;
// The account new or changed, or the payee's details updated in the same passage.
const NEW_ACCOUNT = new RegExp(
  [
    String.raw`\b(?:new|updated|changed|different|alternative|alternate|our\s+other)\s+(?:bank\s+|banking\s+|beneficiary\s+|receiving\s+)?(?:account|iban|details|remittance|payee|beneficiary|bank)`,
    String.raw`\b(?:update|change|replace|switch)\s+(?:the\s+|our\s+|their\s+|its\s+)?(?:\w+\s+)?(?:remittance|bank(?:ing)?\s+details|iban|account\s+(?:number|details)|payee|beneficiary|payment\s+details)`,
    String.raw`\b(?:nueva\s+cuenta|nuevo\s+iban|nuevos\s+datos\s+bancarios|nouveau\s+(?:compte|rib|iban)|nouvelles\s+coordonnées\s+bancaires|neue[sn]?\s+(?:konto|bankverbindung|iban)|nuovo\s+(?:conto|iban)|nuove\s+coordinate\s+bancarie|nova\s+conta|novo\s+iban|nieuwe\s+(?:rekening|iban)|nowe\s+konto|nowy\s+rachunek|yeni\s+(?:hesap|iban))\b`,
  ].join('|'),
  'iu',
);
const GATE = wordGate(
  /new|updated|changed|different|alternative|alternate|other|update|change|replace|switch|nueva|nuevo|nuevos|nouveau|nouvelles|neue|neues|neuen|nuovo|nuove|nova|novo|nieuwe|nowe|nowy|yeni/i,
);
// The payment verbs' key words: the first gate, rarer than "new" or "change".
const PAY_GATE = wordGate(
  /pay|settle|wire|transfer|remit|payment|payments|paguen|pague|paga|abonen|abone|transfieran|transfiera|transfiere|ingresen|ingrese|liquiden|liquide|payez|réglez|reglez|virez|versez|effectuez|procédez|überweisen|überweise|zahlen|bezahlen|bezahle|begleichen|begleiche|pagate|pagare|saldate|saldare|bonificate|effettuate|versate|paguem|transfiram|transfira|quitem|efetuem|betaal|betaalt|maak|zapłać|zapłaćcie|przelej|przelejcie|ureguluj|ödeyin|öde|havale|gönderin/i,
);
const PASSAGE = 220;
const MAX_LOOKED = 10;

/** An order to pay to an account named new or just changed (0.6). */
export function detectPaymentToNewAccount(text: string): Signal | undefined {
  if (text.length < 30 || !PAY_GATE.test(text) || !GATE.test(text) || (!hasAccount(text) && !CHECK_WAVED.test(text))) return undefined;
  PAY.lastIndex = 0;
  let looked = 0;
  for (let pay = PAY.exec(text); pay !== null && looked < MAX_LOOKED; pay = PAY.exec(text)) {
    looked++;
    const passage = text.slice(Math.max(0, pay.index - 80), pay.index + PASSAGE);
    // Told, not ordered: "we paid", "was transferred", "you will pay" are accounts of a payment.
    const before = text.slice(Math.max(0, pay.index - 24), pay.index);
    if (/\b(?:we|i|they|was|were|been|has|have|had|will|would|not|never|don't|cannot)\s+(?:\w+\s+)?$/i.test(before)) continue;
    // The account number, or the check that would catch the fraud waved away ("disregard the details on file").
    if (
      (hasAccount(passage) || CHECK_WAVED.test(passage)) &&
      NEW_ACCOUNT.test(passage) &&
      DUE_NOW.test(passage) &&
      SUPPLIER.test(passage)
    ) {
      return { rule: 'payment_to_new_account', detector: 'payment_to_new_account', weight: 0.6, start: pay.index, end: pay.index + 120 };
    }
  }
  return undefined;
}
