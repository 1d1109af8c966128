// Whether a text is a dump of encoded data (issue 13, red team round 13): a hexdump, a run of
// base64 or hash chunks, or padding (one token repeated, as in a payload filled past the size cap).
// The learned model reads words; on a page of byte pairs or of "x x x" its n-grams are noise (the
// split-letter rows taught it that single spaced letters are attacks), so it is not asked; the
// rules and the decoders still read what the data may hide.

// A token of data: a byte pair, a hex or base64 chunk, an offset.
const DATA_TOKEN = /^(?:[0-9a-f]{2}|[0-9a-fA-F]{8,}|[A-Za-z0-9+/=_-]{24,}|0x[0-9a-fA-F]+|[0-9a-fA-F]{4,8}:?)$/;
const MIN_TOKENS = 32;

// A long run of binary data with a short caption ("Firmware blob (ESP32, first 256 bytes):" then
// 512 hex digits) is a dump too, counted by characters: its few tokens are long (screenprec5). Data
// that decodes to text ("What does this mean? 546865206D69…") is an encoded message, not a dump.
const MIN_DATA_CHARS = 128;
const HEX_RUN = /^[0-9a-fA-F]+$/;
const MAX_TEXT_SHARE = 0.75;

/** Whether the long data tokens decode (as hex, else as base64) to mostly printable text. */
function decodesToText(tokens: readonly string[]): boolean {
  let bytes = 0;
  let printable = 0;
  for (const token of tokens) {
    const decoded = HEX_RUN.test(token) && token.length % 2 === 0 ? Buffer.from(token, 'hex') : Buffer.from(token, 'base64');
    for (const byte of decoded) {
      bytes++;
      if ((byte >= 0x20 && byte < 0x7f) || byte === 0x0a || byte === 0x09 || byte === 0x0d) printable++;
    }
  }
  return bytes > 0 && printable >= bytes * MAX_TEXT_SHARE;
}

// A hexdump by its lines' shape (screenprec9: three lines of `xxd` output, too few tokens to count):
// an offset, at least four groups of hex digits, then the printable column.
const HEXDUMP_LINE = /^[ \t]*(?:0x)?[0-9a-fA-F]{4,16}:?((?:[ \t]+[0-9a-fA-F]{2,8}){4,})(?:[ \t]{2,}.*)?$/;
const MIN_HEXDUMP_LINES = 2;

/** Whether every line but an optional caption is a hexdump line, and their bytes are not text. */
function isHexdump(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const groups: string[] = [];
  for (const [index, line] of lines.entries()) {
    const match = HEXDUMP_LINE.exec(line);
    if (match === null) {
      if (index === 0 && lines.length > MIN_HEXDUMP_LINES && line.length <= 120) continue;
      return false;
    }
    groups.push(match[1].replace(/\s+/g, ''));
  }
  return groups.length >= MIN_HEXDUMP_LINES && !decodesToText([groups.join('')]);
}

/**
 * Whether at least 80% of the text's tokens, or of its characters, are data tokens or repeat the
 * token before them (and there are enough of them).
 */
export function isDataDump(text: string): boolean {
  if (text.length < 96) return false;
  if (isHexdump(text)) return true;
  let tokens = 0;
  let data = 0;
  let chars = 0;
  let dataChars = 0;
  let previous = '';
  const long: string[] = [];
  for (const token of text.split(/\s+/)) {
    if (token.length === 0) continue;
    tokens++;
    chars += token.length;
    if (token === previous || DATA_TOKEN.test(token)) {
      data++;
      dataChars += token.length;
      if (token.length >= 32 && long.length < 8) long.push(token);
    }
    previous = token;
  }
  if (tokens >= MIN_TOKENS && data >= tokens * 0.8) return true;
  return dataChars >= MIN_DATA_CHARS && dataChars >= chars * 0.8 && !decodesToText(long);
}
