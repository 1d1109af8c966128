// Filters that turn literal text into a command: `base64 -d`, `xxd -r -p`, `rev`, `tr` (ROT13
// and other letter maps), `openssl base64 -d`. When what a filter reads is a literal of the
// script (`echo … |`, a here-string), what it prints is computed here, so `… | sh` runs known
// text that is analysed like any command; only text that cannot be decoded stays hidden (and
// a human decides). Pure and linear in the text.

/** Printable text only: binary output (gzip, encryption) is not resolved. */
const PRINTABLE = /^[\x09\x0a\x0d\x20-\x7e]*$/;
const MAX_TEXT = 16384;

function printable(text: string): string | undefined {
  return PRINTABLE.test(text) ? text : undefined;
}

/** Base64 text decoded, if it is base64 of printable text. */
export function decodeBase64Text(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=_-]{4,}$/.test(compact)) return undefined;
  return printable(Buffer.from(compact, 'base64').toString('utf8'));
}

function decodeHexText(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(compact)) return undefined;
  return printable(Buffer.from(compact, 'hex').toString('utf8'));
}

/** The characters of a `tr` set: ranges (`a-z`) expanded, classes and escapes left unresolved. */
function trSet(spec: string): string | undefined {
  if (/\[|\\/.test(spec) || spec.length > 128) return undefined;
  let out = '';
  for (let i = 0; i < spec.length; i++) {
    if (spec[i + 1] === '-' && i + 2 < spec.length) {
      const from = spec.charCodeAt(i);
      const to = spec.charCodeAt(i + 2);
      if (to < from || to - from > 128) return undefined;
      for (let code = from; code <= to; code++) out += String.fromCharCode(code);
      i += 2;
    } else out += spec[i];
  }
  return out;
}

function translate(text: string, from: string, to: string): string {
  const map = new Map<string, string>();
  for (let i = 0; i < from.length; i++) if (!map.has(from[i])) map.set(from[i], to[Math.min(i, to.length - 1)]);
  let out = '';
  for (const char of text) out += map.get(char) ?? char;
  return out;
}

/**
 * What a decoding filter prints for a literal input, or undefined when the command is not a
 * decoder, its options are not the decoding ones, or the result is not printable text.
 */
export function decodeFilter(name: string, args: readonly string[], input: string): string | undefined {
  if (input.length > MAX_TEXT) return undefined;
  switch (name) {
    case 'base64':
    case 'base32':
      return name === 'base64' && args.some((arg) => /^(?:-\w*d\w*|--decode|-D)$/.test(arg)) ? decodeBase64Text(input) : undefined;
    case 'xxd':
      // `xxd -r -p` (plain hex dump back to bytes).
      return args.some((arg) => /^-\w*r/.test(arg)) && args.some((arg) => /^-\w*p|^-ps$|^-plain$/.test(arg))
        ? decodeHexText(input)
        : undefined;
    case 'rev':
      return args.length === 0
        ? input
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => [...line].reverse().join(''))
            .join('\n')
        : undefined;
    case 'tr': {
      if (args.length !== 2 || args.some((arg) => arg.startsWith('-'))) return undefined;
      const from = trSet(args[0]);
      const to = trSet(args[1]);
      return from === undefined || to === undefined || to.length === 0 ? undefined : translate(input, from, to);
    }
    case 'openssl':
      // `openssl base64 -d`, `openssl enc -base64 -d` (no cipher: only the encoding is undone).
      return /^(?:base64|enc)$/.test(args[0] ?? '') &&
        args.some((arg) => arg === '-d') &&
        (args[0] === 'base64' || args.some((arg) => /^-(?:base64|a)$/.test(arg))) &&
        args.slice(1).every((arg) => /^-(?:d|a|A|base64)$/.test(arg))
        ? decodeBase64Text(input)
        : undefined;
    default:
      return undefined;
  }
}

/** `echo|printf LITERAL | filter | … | sh` on one line: the literal and the filter stages. */
const LITERAL_PIPE =
  /^\s*(?:echo(?:\s+-[neE]+)?|printf(?:\s+(?:'%s'|"%s"|%s))?)\s+(?:'([^'\n]{1,16384})'|"([^"$`\\\n]{1,16384})"|([^\s'"|;&$`\\]{1,16384}))\s*((?:\|\s*[^|;&\n`$()]{1,200}){1,6})$/;
const SHELL_STAGE = /^(?:sudo\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh$/;

/**
 * The text a one-line `echo LITERAL | decoder… | sh` pipeline runs, when every filter decodes to
 * printable text; undefined when any stage is unknown (then what runs stays hidden).
 */
export function resolveDecodedPipe(command: string): string | undefined {
  if (command.length > MAX_TEXT) return undefined;
  const match = LITERAL_PIPE.exec(command);
  if (match === null) return undefined;
  let text: string | undefined = match[1] ?? match[2] ?? match[3];
  const stages = match[4]
    .split('|')
    .map((stage) => stage.trim())
    .filter((stage) => stage !== '');
  const last = stages.pop();
  if (last === undefined || !SHELL_STAGE.test(last)) return undefined;
  // `printf '\162\155 -rf /' | sh`: the format's own escapes are the decoder (`%s` formats print their argument as is).
  if (stages.length === 0)
    return /^\s*(?:printf\s+(?!(?:'%s'|"%s"|%s)\s)|echo\s+-[nE]*e)/.test(command) && text !== undefined ? printfEscapes(text) : undefined;
  for (const stage of stages) {
    const words = stage.split(/\s+/).map((word) => word.replace(/^(['"])(.*)\1$/, '$2'));
    text = text === undefined ? undefined : decodeFilter(words[0], words.slice(1), text);
    if (text === undefined) return undefined;
  }
  return text;
}

/** The text `printf FORMAT` prints for a format without conversions (`\NNN`, `\xHH`, `\n`, `\t`, `\\`); undefined when it is not printable. */
function printfEscapes(format: string): string | undefined {
  if (format.includes('%')) return undefined;
  const text = format.replace(
    /\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|([ntr\\'"]))/g,
    (_all, octal?: string, hex?: string, plain?: string) => {
      if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8));
      if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
      return plain === 'n' ? '\n' : plain === 't' ? '\t' : plain === 'r' ? '\r' : (plain ?? '');
    },
  );
  return /^[\x09\x0a\x0d\x20-\x7e]*$/.test(text) ? text : undefined;
}
