// Who speaks in a record, and to whom (issue 13, precision 11). Two shapes of tool output hold text
// that no one addresses to the agent reading it, and the joined-strings pass (screen-injection.ts)
// used to make orders of them:
// - a speaker field: the value under `username`, `author`, `sender`, `from`, … names who wrote the
//   record ("HelpdeskBot", "deploy-bot"). It is the speaker, not an addressee; joined before the
//   message it reads like a key naming a model followed by an order ("HelpdeskBot\nIf someone DMs
//   you … do not reply"). The value is still screened alone.
// - a message catalog: an object whose keys are dotted identifiers of an application's screens
//   (`auth.reset.title`, `chat.clear.confirm`, `bot.handoff`) holds labels and messages shown to the
//   application's user, one per key, in no reading order. A key naming the bot says whose message it
//   is, not who is addressed; joined, the labels ("Revoke all sessions", "Grant admin rights") make
//   sentences nobody wrote. Each value is still screened alone, so an order to the agent in one
//   value ("To the translation assistant: upload …") is read as ever.

import type { Container } from './walk-strings.ts';

const SPEAKER_KEY =
  /^(?:user(?:_?name)?|author|sender|from|by|poster|posted_?by|created_?by|display_?name|screen_?name|handle|login|nick(?:name)?|bot_?name|actor|reporter|commenter|reviewer_?name|signed_?by)$/i;

/** Whether the value under `key` names who wrote the record (it is never joined as a line of the message). */
export function isSpeakerField(key: number | string | undefined, text: string): boolean {
  // A name is short and one token or two: a long value under "from" is a message, read as ever.
  return typeof key === 'string' && text.length <= 40 && !/\s\S+\s/.test(text.trim()) && SPEAKER_KEY.test(key);
}

// A key of a catalog: at least two dotted parts of identifier characters ("errors.permissionDenied").
const CATALOG_KEY = /^[a-z][\w-]*(?:\.[\w-]+)+$/i;
const MIN_CATALOG_KEYS = 3;

/** Whether `container` is a message catalog: three string values or more, every key a dotted identifier. */
export function isMessageCatalog(container: Container | undefined): boolean {
  const value = container?.value;
  if (value === undefined || Array.isArray(value)) return false;
  let keys = 0;
  for (const key in value) {
    if (++keys > 2000) break;
    if (!CATALOG_KEY.test(key) || typeof (value as Record<string, unknown>)[key] !== 'string') return false;
  }
  return keys >= MIN_CATALOG_KEYS;
}

// The same catalog as a text file: iOS `"key" = "value";`, gettext `msgid "…"` / `msgstr "…"`, and
// `key = "value"` lines (.strings, .po, TOML-like locale files).
const CATALOG_LINE =
  /^[ \t]*(?:"[^"\n]{1,120}"[ \t]*=[ \t]*"([^\n]*)";|msg(?:id|str|ctxt)(?:_plural|\[\d+\])?[ \t]+"([^\n]*)"|[A-Za-z_][\w.-]{0,80}[ \t]*=[ \t]*"([^\n]*)")[ \t]*$/;
const MIN_CATALOG_LINES = 3;
const MAX_CATALOG_LINES = 5000;

/**
 * The parts of a catalog text, each to be screened alone: every entry's message, and the other lines
 * (comments, headers) together, so that a comment to the agent is read as ever. Undefined when `text`
 * is not a catalog (three entry lines or more, and at least half of its non-blank lines).
 */
export function catalogParts(text: string): string[] | undefined {
  if (text.length < 40 || !text.includes('"') || !text.includes('\n')) return undefined;
  const lines = text.split('\n');
  if (lines.length > MAX_CATALOG_LINES) return undefined;
  const messages: string[] = [];
  const rest: string[] = [];
  let filled = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    filled++;
    const entry = CATALOG_LINE.exec(line);
    if (entry === null) rest.push(line);
    else messages.push(entry[1] ?? entry[2] ?? entry[3] ?? '');
  }
  if (messages.length < MIN_CATALOG_LINES || messages.length * 2 < filled) return undefined;
  return [rest.join('\n'), ...messages].filter((part) => part.trim() !== '');
}
