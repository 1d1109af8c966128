// Amounts written in words in other languages than English, the way a payment form or a message
// spells them: German and Italian compounds (`fünfundzwanzigtausend`, `cinquantamila`), French,
// Spanish and Portuguese words (`cinquante mille`, `quince mil`, `trinta mil`), Russian
// (`пять миллионов`) and Chinese or Japanese numerals with myriads (`五十万`, `1000万`). Words
// are read with one lexicon: small numbers add up, a hundred multiplies, a scale word closes a
// group. Tokens are split into known words by longest match, so compounds need no grammar.

/** Numbers that add up within a group. */
const UNITS: Record<string, number> = {};
/** Words for a hundred: they multiply the group so far. */
const HUNDREDS = new Set(['hundert', 'cent', 'cents', 'cien', 'ciento', 'cento', 'cem', 'сто']);
/** Scale words: they close a group (`zwanzig` `tausend`). */
const SCALES: Record<string, number> = {
  tausend: 1e3,
  mille: 1e3,
  mila: 1e3,
  mil: 1e3,
  тысяча: 1e3,
  тысячи: 1e3,
  тысяч: 1e3,
  million: 1e6,
  millionen: 1e6,
  millions: 1e6,
  millón: 1e6,
  millon: 1e6,
  millones: 1e6,
  milhão: 1e6,
  milhao: 1e6,
  milhões: 1e6,
  milhoes: 1e6,
  milione: 1e6,
  milioni: 1e6,
  миллион: 1e6,
  миллиона: 1e6,
  миллионов: 1e6,
  milliarde: 1e9,
  milliarden: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  миллиард: 1e9,
  миллиарда: 1e9,
  миллиардов: 1e9,
};
/** Words joining numbers (`fünf und zwanzig`, `vingt et un`, `treinta y dos`, `trinta e dois`). */
const JOINERS = new Set(['und', 'et', 'y', 'e']);
const LEXICON: ReadonlyArray<readonly [number, string]> = [
  [0, 'null zero cero zéro нуль ноль'],
  [1, 'ein eins eine einen un une uno una um uma один одна одну'],
  [2, 'zwei deux dos dois duas due два две'],
  [3, 'drei trois tres três tre три'],
  [4, 'vier quatre cuatro quatro quattro четыре'],
  [5, 'fünf fuenf cinq cinco cinque пять'],
  [6, 'sechs six seis sei шесть'],
  [7, 'sieben sept siete sete sette семь'],
  [8, 'acht huit ocho oito otto восемь'],
  [9, 'neun neuf nueve nove девять'],
  [10, 'zehn dix diez dez dieci десять'],
  [11, 'elf onze once undici одиннадцать'],
  [12, 'zwölf zwoelf douze doce doze dodici двенадцать'],
  [13, 'treize trece treze tredici тринадцать'],
  [14, 'quatorze catorce catorze quattordici четырнадцать'],
  [15, 'quinze quince quindici пятнадцать'],
  [16, 'sechzehn seize dieciséis dieciseis dezesseis sedici шестнадцать'],
  [17, 'siebzehn dix-sept diecisiete dezessete diciassette семнадцать'],
  [18, 'dieciocho dezoito diciotto восемнадцать'],
  [19, 'diecinueve dezenove diciannove девятнадцать'],
  [20, 'zwanzig vingt veinte veinti vinte venti двадцать'],
  [30, 'dreißig dreissig trente treinta trinta trenta тридцать'],
  [40, 'vierzig quarante cuarenta quarenta quaranta сорок'],
  [50, 'fünfzig fuenfzig cinquante cincuenta cinquenta cinquanta пятьдесят'],
  [60, 'sechzig soixante sesenta sessenta sessanta шестьдесят'],
  [70, 'siebzig setenta settanta семьдесят'],
  [80, 'achtzig quatre-vingt quatre-vingts quatrevingt quatrevingts ochenta oitenta ottanta восемьдесят'],
  [90, 'neunzig noventa novanta девяносто'],
  [200, 'doscientos duzentos duecento двести'],
  [300, 'trescientos trezentos trecento триста'],
  [400, 'cuatrocientos quatrocentos quattrocento четыреста'],
  [500, 'quinientos quinhentos cinquecento пятьсот'],
  [600, 'seiscientos seiscentos seicento шестьсот'],
  [700, 'setecientos setecentos settecento семьсот'],
  [800, 'ochocientos oitocentos ottocento восемьсот'],
  [900, 'novecientos novecentos novecento девятьсот'],
];
for (const [value, words] of LEXICON) for (const word of words.split(' ')) UNITS[word] = value;
const KNOWN = [...Object.keys(UNITS), ...HUNDREDS, ...Object.keys(SCALES), 'und'].sort((a, b) => b.length - a.length);
/** Currency words of these languages, skipped by the reader (the currency is read by `currencyIn`). */
const CURRENCY_WORDS =
  /^(?:euro|euros|евро|dollar|dollars|dólar|dólares|dolar|dolares|доллар\S*|reais|real|franken|francs?|pfund|livres?|sterling|rubel|rublos?|rubli|рубл\S*|rupien|rupias|yen|yuan|kronen|kronor|kroner|złotych|zloty)$/;

/** Splits one token into lexicon words by longest match (`fünfundzwanzigtausend`), or undefined. */
function segment(token: string): string[] | undefined {
  const parts: string[] = [];
  let at = 0;
  while (at < token.length) {
    const word = KNOWN.find((known) => token.startsWith(known, at));
    if (word === undefined) return undefined;
    parts.push(word);
    at += word.length;
  }
  return parts;
}

/** A number written in words of German, French, Spanish, Portuguese, Italian or Russian. */
function parseEuropeanWords(text: string): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const token of text.toLowerCase().split(/[\s,]+/)) {
    if (token === '' || JOINERS.has(token) || CURRENCY_WORDS.test(token) || token === 'de' || token === 'di') continue;
    const words = UNITS[token] !== undefined || SCALES[token] !== undefined ? [token] : segment(token.replace(/-/g, ''));
    if (words === undefined) return undefined;
    for (const word of words) {
      if (word === 'und') continue;
      if (word in UNITS) {
        current += UNITS[word];
        seen = true;
      } else if (HUNDREDS.has(word)) {
        current = (current === 0 ? 1 : current) * 100;
        seen = true;
      } else {
        total += (current === 0 ? 1 : current) * SCALES[word];
        current = 0;
        seen = true;
      }
    }
  }
  return seen ? total + current : undefined;
}

const CJK_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const CJK_MULTIPLIERS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const CJK_MYRIADS: Record<string, number> = { 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };
/** Currency marks after a CJK amount, skipped (`元`, `円`, `块`, `人民币`). */
const CJK_CURRENCY = /[元円圆圓块塊人民币幣日]/g;

/** A number in Chinese or Japanese numerals, digits allowed (`五十万`, `1000万`, `三千五百`). */
function parseCjkNumber(text: string): number | undefined {
  const compact = text.replace(/\s|,/g, '').replace(CJK_CURRENCY, '');
  if (compact === '' || compact.length > 24) return undefined;
  let total = 0;
  let section = 0;
  let current = 0;
  let seen = false;
  for (let at = 0; at < compact.length; at++) {
    const char = compact[at];
    const digits = /^\d+(?:\.\d+)?/.exec(compact.slice(at))?.[0];
    if (digits !== undefined) {
      current = Number(digits);
      at += digits.length - 1;
      seen = true;
    } else if (char in CJK_DIGITS) {
      current = CJK_DIGITS[char];
      seen = true;
    } else if (char in CJK_MULTIPLIERS) {
      section += (current === 0 ? 1 : current) * CJK_MULTIPLIERS[char];
      current = 0;
      seen = true;
    } else if (char in CJK_MYRIADS) {
      total = (total + section + current) * CJK_MYRIADS[char];
      section = 0;
      current = 0;
    } else return undefined;
  }
  return seen ? total + section + current : undefined;
}

const HAS_CJK = /[一二三四五六七八九十百千万萬亿億〇零两兩]/;

/** An amount written in words of another language than English, or in CJK numerals. */
export function parseForeignWordsAmount(text: string): number | undefined {
  if (text.length > 120) return undefined;
  if (HAS_CJK.test(text)) return parseCjkNumber(text);
  if (/\d/.test(text)) return undefined;
  return parseEuropeanWords(text);
}

const FOREIGN_CURRENCY: ReadonlyArray<readonly [RegExp, string]> = [
  [/рубл|руб\b/i, 'RUB'],
  [/евро/i, 'EUR'],
  [/доллар/i, 'USD'],
  [/[元块塊]|人民币/, 'CNY'],
  [/円/, 'JPY'],
  [/\b(?:dólar(?:es)?|dolar(?:es)?)\b/i, 'USD'],
  [/\breais\b/i, 'BRL'],
  [/\bfranken\b/i, 'CHF'],
  [/\b(?:pfund|livres? sterling)\b/i, 'GBP'],
];
const ANY_FOREIGN = /[рубевродолр元块塊人民币円]|d[óo]lar|reais|franken|pfund|sterling/i;

/** The currency a word of another language names (`рублей` RUB, `元` CNY, `円` JPY, `reais` BRL). */
export function foreignCurrencyIn(text: string): string | undefined {
  if (text.length > 200 || !ANY_FOREIGN.test(text)) return undefined;
  for (const [word, code] of FOREIGN_CURRENCY) if (word.test(text)) return code;
  return undefined;
}
