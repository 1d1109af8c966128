// Currency marks written the local way, before or after the number: `2.500.000,00 kr`, `kr 450`,
// `1 200 zł`, `35.000 Kč`, `Fr. 48'500.–`, `₺ 90.000`, `Rp 1.500.000`, `RM 20,000`. They are taken
// off so that the separators can be read (money.ts), and named when the mark says one currency.
// `kr` stands for four crowns (SEK, NOK, DKK, ISK), so it names none: a sibling field says which.

const LOCAL_MARK =
  /^(?:kr\.?|zł|Kč|Ft|lei|Fr\.|SFr\.?|RM|Rp|₺|₪|₫|฿|₴|₦|₱|₲|₡|₭|₮|₸|₼|₾|lv\.?|ден|руб\.?|грн\.?)\s*|\s*(?:kr\.?|zł|Kč|Ft|lei|Fr\.|SFr\.?|RM|Rp|₺|₪|₫|฿|₴|₦|₱|₲|₡|₭|₮|₸|₼|₾|lv\.?|ден|руб\.?|грн\.?|,-|\.[-–—])$/g;
const NAMED: ReadonlyArray<readonly [RegExp, string]> = [
  [/zł/, 'PLN'],
  [/Kč/, 'CZK'],
  [/\bFt\b/, 'HUF'],
  [/\blei\b/, 'RON'],
  [/S?Fr\./, 'CHF'],
  [/^RM\b/, 'MYR'],
  [/^Rp\b/, 'IDR'],
  [/₺/, 'TRY'],
  [/₪/, 'ILS'],
  [/₫/, 'VND'],
  [/฿/, 'THB'],
  [/₴|грн/, 'UAH'],
  [/₦/, 'NGN'],
  [/₱/, 'PHP'],
  [/руб/, 'RUB'],
];
const HAS_MARK = /[^\d\s.,'+-]/;
/** One test for every mark of NAMED, so most texts are ruled out at once. */
const ANY_NAMED = /zł|Kč|Ft|lei|Fr\.|RM|Rp|[₺₪₫฿₴₦₱]|грн|руб/;

/** The amount text without a local currency mark before or after it (`2.500.000,00 kr` gives `2.500.000,00`). */
export function withoutLocalCurrency(text: string): string {
  if (!HAS_MARK.test(text)) return text;
  return text.replace(LOCAL_MARK, '').trim();
}

/** The currency a local mark names (`zł` is PLN), or undefined (none, or `kr`, which names four). */
export function localCurrencyIn(text: string): string | undefined {
  if (text.length > 40 || !ANY_NAMED.test(text)) return undefined;
  for (const [mark, code] of NAMED) if (mark.test(text.trim())) return code;
  return undefined;
}
