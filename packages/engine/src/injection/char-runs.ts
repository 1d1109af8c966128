// Runs of characters of one class, found in one pass: an unanchored `/[…]{n}/` starts again at
// every character and reads most of a text many times over (prose is full of hex letters).

/** An ASCII character table: 1 for each character of `chars`. */
export function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}

/** Whether `length` or more characters of `table` (see asciiTable) occur in a row: `/[…]{length}/.test(text)`. */
export function hasRunOf(text: string, table: Uint8Array, length: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && table[code] === 1) {
      if (++run >= length) return true;
    } else run = 0;
  }
  return false;
}
