// Currencies written as words beside the number, in the languages payments are written in:
// `30.000 euros`, `25 000 dollars`, `1.500 francos`, `12 000 kronor`. The word is taken off so the
// separators can be read (`30.000` with a euro is thirty thousand); which currency it is, is read
// apart (`currencyIn`). Typographic apostrophes (`250’000`, Swiss grouping) are plain apostrophes.

const CURRENCY_WORD =
  /^(?:euros?|dollars?|d[oó]lares|pounds?|sterling|francs?|francos?|franken|reais|real|pesos?|rupees?|rupias?|yen|yuan|renminbi|rand|kronor|kroner|kronen|kr[oó]nur|z[lł]oty(?:ch)?|lira|lire|dirhams?|riyals?|rupiah|ringgit|baht|won|rubles?|roubles?|rubli|shekels?|dinars?)$/i;

/** The amount text without a currency word before or after the number, apostrophes made plain. */
export function withoutCurrencyWord(text: string): string {
  const plain = text.includes('’') || text.includes('ʼ') ? text.replace(/[’ʼ]/g, "'") : text;
  if (!/[a-z]{3}/i.test(plain)) return plain;
  const match = /^([A-Za-zóółł]+)\.?\s*(\d[\d.,' \u00a0\u202f]*)$|^(\d[\d.,' \u00a0\u202f]*?)\s*([A-Za-zóółł]+)\.?$/.exec(plain.trim());
  if (match === null) return plain;
  const word = match[1] ?? match[4];
  return CURRENCY_WORD.test(word) ? (match[2] ?? match[3]).trim() : plain;
}
