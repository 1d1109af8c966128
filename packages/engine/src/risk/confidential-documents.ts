// Documents whose name marks them as the organisation's confidential business, whatever their
// format (a PDF board deck, a Word contract, a spreadsheet of salaries): `Q4-confidential-
// financials.pdf`, `board-minutes/`, `/Legal/contracts`. Sent to a place nobody in the organisation owns
// (a personal mailbox, a file drop) they have left it; sent to a partner or a customer they may be
// business as usual, so only a foreign destination makes them critical.

/** Name words of confidential business documents, as separate words of a path. */
const CONFIDENTIAL_WORDS =
  /(?:^|[/_.\-\s])(?:confidential|strictly[-_ ]private|internal[-_ ]only|board[-_ ]?(?:deck|minutes|pack|papers|meetings?|materials|report|slides)|financials|financial[-_ ]statements?|m&a|acquisition|term[-_ ]sheets?|cap[-_ ]?table|contracts|nda|salar(?:y|ies)|compensation|payroll)(?:$|[/_.\-\s\d])/i;
/** Documents written to be published or filled in (`legal/terms-of-service.pdf`, `NDA-template.docx`): not the organisation's secrets. */
const PUBLISHED_WORDS = /(?:^|[/_.\-\s])(?:terms|tos|privacy|polic(?:y|ies)|templates?|eula|disclaimer|cookies?)(?:$|[/_.\-\s\d])/i;

/** Why a file or folder's name marks it a confidential business document, or undefined. */
export function confidentialDocument(raw: string): string | undefined {
  const path = raw.trim().replace(/\\/g, '/');
  if (path === '' || path.length > 1024 || path.includes('://')) return undefined;
  return CONFIDENTIAL_WORDS.test(path) && !PUBLISHED_WORDS.test(path) ? 'confidential business document' : undefined;
}
