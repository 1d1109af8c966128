// Key words (in the key-word scan's syntax: lower-case ASCII, a space for any run of other
// characters) without which the agent-intent and reader-address detectors (agent-intent.ts) cannot
// match an ASCII text. The scan that finds the pattern gates' key words finds these in the same
// pass, so ordinary text skips those detectors' alternations. Each list is a necessary condition
// of its detector's expressions, written from them alternative by alternative; a text with a
// character outside ASCII always runs both detectors (their other languages are not ASCII).
// agent-intent.test.ts proves that on the test texts the gates change no result.

const cross = (firsts: readonly string[], seconds: readonly string[], end = ''): string[] =>
  firsts.flatMap((first) => seconds.map((second) => ` ${first} ${second}${end}`));

/** Who is addressed (ADDRESS) or how the task is switched (STRONG_SWITCH), in the ASCII languages. */
export const AGENT_INTENT_WORDS: readonly string[] = [
  // ADDRESS, en
  ' ai ',
  ' a i ',
  ' llm ',
  ' gpt ',
  ' chatbot ',
  ' bot ',
  ' copilot ',
  ' language model ',
  ' assistant ',
  ' agent',
  // de, fr, es, nl (agent, agente, agenten: ` agent`)
  ' ki ',
  ' assistent',
  ' sprachmodell ',
  ' taalmodel',
  ' ia ',
  ' l assistant ',
  ' modele de langage ',
  ' asistente ',
  ' modelo de lenguaje ',
  // STRONG_SWITCH, en
  ...cross(['new'], ['instruction', 'task ', 'orders ', 'directive ']),
  ' updated instruction',
  ...cross(['real', 'actual', 'true', 'new', 'only'], ['task ', 'job ', 'goal ', 'instruction ']),
  ...cross(['user'], ['wants ', 'has asked ', 'asked ', 'would like ', 'request', 'instructed ']),
  ' behalf of the user ',
  ...cross(['not', 'don t', 'without'], ['tell', 'inform', 'mention', 'notify', 'ask']),
  ' quietly ',
  ' silently ',
  ' secretly ',
  ' priority over ',
  ' instead of ',
  ...cross(['stop', 'abandon', 'drop'], ['what you are doing ', 'your ']),
  // de (words with umlauts are not ASCII)
  ' neue anweisung',
  ' neue aufgabe ',
  ' aufgabe ',
  ' nutzer ',
  ' benutzer ',
  ' kunde ',
  ' heimlich ',
  ' unbemerkt ',
  // fr
  ' nouvelle',
  ' utilisateur ',
  ' sans le mentionner',
  ' sans mentionner',
  ' sans rien dire',
  ' en secret',
  // es
  ' nueva',
  ' tarea',
  ' usuario ',
  ' sin mencionarlo',
  ' no le digas',
];

/** Text addressed to an automated reader (AUTOMATED_READER) or a capitalised role tag (INLINE_ROLE_TAG). */
export const READER_WORDS: readonly string[] = [
  // en
  ...cross(['note', 'message', 'instruction', 'instructions', 'attention', 'notice', 'memo', 'hint', 'comment'], ['to ', 'for ']),
  ' if you are ',
  ...cross(
    ['to', 'for', 'attention'].flatMap((first) => cross([first], ['any', 'the', 'all', 'every']).map((pair) => pair.trim())),
    ['ai ', 'llm ', 'model', 'assistant', 'bot', 'agent', 'language model'],
  ),
  // de, fr, es
  ...cross(['hinweis', 'nachricht', 'anweisung'], ['an ']),
  ...cross(['note', 'message', 'instruction', 'instructions'], ['pour ', 'de ', 'a l intention ']),
  ...cross(['nota', 'mensaje', 'instruccione', 'instrucciones'], ['para ']),
  // role tags
  ' system ',
  ' assistant ',
  ' admin ',
  ' administrator ',
  ' developer ',
  ' operator ',
  ' instruction ',
  ' instructions ',
  ' root ',
];
