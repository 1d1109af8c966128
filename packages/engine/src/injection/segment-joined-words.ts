// Words back into a run of letters that lost its spaces (issue 13, round 18a): letters joined by
// dots with no word break at all ("d.e.l.e.t.e.t.h.e.r.e.c.o.r.d.s") decode to one long token
// ("deletetherecords") that no detector reads. The token is cut into the words of a small lexicon
// of the English an order is made of (function words, verbs of acts, their objects and places) by
// the cheapest segmentation: a known word costs 1, a letter no word covers 4. One pass over the
// token, a look-up per length up to the longest word: linear in the token's length.
// A token whose letters are mostly not covered is left as it is (a hash, a name, a code).

const WORDS = `a i an the to of for and or then now all any every each this that these those my your our their its
it them me us you we he she they his her is are be been was were not no do don't dont never without with from in
on into onto by at as before after again also only just please immediately today tonight right away first new
old full entire whole same other more most
send sending sent forward forwarding email mail post upload export exporting copy share sharing publish paste
print reveal show tell give grant make set turn switch disable disabled enable remove delete deleting wipe erase
purge drop destroy reset change update transfer transferring wire pay settle approve release buy order cancel
refund run execute open close stop ignore forget skip bypass leak dump push pull clone read list write add create
invite promote assign move rename lock unlock unblock block keep hide report mark follow obey answer reply say
off down up out over away back
users user accounts account admin admins administrator administrators root owner owners role roles rights access
password passwords credentials credential token tokens key keys secret secrets api ssh private public signing
vault codes code pin pins seed phrase mfa two factor authentication auth login logins sso firewall audit log logs
alerts alerting monitoring backup backups snapshot snapshots database databases db table tables records record
files file folder folders drive share shares bucket buckets repo repository repositories branch branches
protection customer customers client clients contact contacts list lists data details bank iban money funds
payment payments invoice invoices pdf pdfs receipt receipts payroll salary salaries employee employees staff hr
finance tickets ticket emails messages inbox mailbox history system prompt prompts instructions instruction rules
rule previous prior above earlier guidelines policy policies safety filter filters restrictions config
configuration env environment variables server servers production prod tenant org organisation organization
company team everyone anyone internet link links url site website page
euro euros dollar dollars usd eur gbp thousand hundred million five ten twenty fifty one two three
gift card cards codes phone number numbers address addresses personal home external outside new account
assistant agent model ai bot reader human archive archives billing review reviews reviewer report reports
recipient approval approvals checks check verification verify group groups member members everything nothing`;

const LEXICON = new Set(WORDS.split(/\s+/).filter((word) => word !== ''));

/** Whether `word` (lower case) is a word of the lexicon orders are made of. */
export function isOrderWord(word: string): boolean {
  return LEXICON.has(word);
}
const LONGEST = 16;
/** Tokens shorter than this are ordinary words or codes; longer than the cap are not looked at. */
const MIN_TOKEN = 12;
const MAX_TOKEN = 400;
/** Share of a token's letters that known words must cover for the cut to be kept. */
const MIN_COVERED = 0.85;
const UNKNOWN_LETTER = 4;
// A mail domain whose dot went with the separators ("gmailcom"), put back before its last part.
const TOP_LEVEL = /^([a-z0-9-]{2,}?)(com|net|org|io|ru|me|de|co|uk|fr|es|it|nl|info|biz|cc|to)$/;

/** The cut of `token` (lower-case letters) into lexicon words, or undefined when too little is known. */
function cut(token: string): string | undefined {
  const n = token.length;
  const cost = new Float64Array(n + 1).fill(Infinity);
  const from = new Int32Array(n + 1);
  cost[0] = 0;
  for (let end = 1; end <= n; end++) {
    // One letter no word covers.
    cost[end] = cost[end - 1] + UNKNOWN_LETTER;
    from[end] = -(end - 1) - 1;
    for (let length = 1; length <= LONGEST && length <= end; length++) {
      const start = end - length;
      if (cost[start] + 1 < cost[end] && LEXICON.has(token.slice(start, end))) {
        cost[end] = cost[start] + 1;
        from[end] = start;
      }
    }
  }
  const words: string[] = [];
  let unknown = 0;
  let pending = '';
  for (let end = n; end > 0;) {
    const link = from[end];
    if (link < 0) {
      pending = token[end - 1] + pending;
      unknown++;
      end = -link - 1;
      continue;
    }
    if (pending !== '') words.unshift(pending);
    pending = '';
    words.unshift(token.slice(link, end));
    end = link;
  }
  if (pending !== '') words.unshift(pending);
  return unknown <= n * (1 - MIN_COVERED) ? words.join(' ') : undefined;
}

/**
 * `text` with each long run of lower-case letters cut into words where the lexicon covers it, and a
 * mail domain's lost dot put back; the text itself when nothing is cut.
 */
export function segmentJoinedWords(text: string): string {
  return text.replace(/(@?)([a-zA-Z]+)/g, (whole: string, at: string, token: string) => {
    const lower = token.toLowerCase();
    if (at === '@') {
      const domain = TOP_LEVEL.exec(lower);
      return domain === null ? whole : `@${domain[1]}.${domain[2]}`;
    }
    if (token.length < MIN_TOKEN || token.length > MAX_TOKEN) return whole;
    return cut(lower) ?? whole;
  });
}
