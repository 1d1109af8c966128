// Key words (in the key-word scan's syntax: lower-case ASCII, a space for any run of other
// characters) without which the round-6 detectors (tool-output-families.ts) cannot match an ASCII
// text. The key-word pass that serves the pattern gates finds them at no extra pass over the text,
// so ordinary text skips the detectors. Each list is a necessary condition of its detector's
// anchors, written from them alternative by alternative. The anchors are English words in ASCII
// letters, which the scan finds in any text (it reads other characters as separators); only the
// six-language detector runs on every text with a character outside ASCII.

/** processing-directive.ts, anchors that point at the text itself. */
export const SELF_REFERENCE_WORDS: readonly string[] = [' this ', ' these ', ' above '];

/** processing-directive.ts, "when this gets summarised", "when composing the reply". */
export const WHEN_WORDS: readonly string[] = [' when '];

/** processing-directive.ts, labels that name the processing ("Processing note:", "Triage outcome:"). */
export const PROCESSING_LABEL_WORDS: readonly string[] = [
  ' processing',
  ' handling',
  ' triage',
  ' screening',
  ' analysis',
  ' bookkeeping',
  ' reconciliation',
  ' categoris',
  ' categoriz',
  ' classification',
  ' routing',
  ' post processing',
  ' postprocessing',
];

/** processing-directive.ts, the output spoken of as a thing to produce ("the expected output", "summary to return"). */
export const OUTPUT_WORDS: readonly string[] = [
  ' expected ',
  ' correct ',
  ' right ',
  ' best ',
  ' proper ',
  ' final ',
  ' translated ',
  ' generated ',
  ' returned ',
  ' answer ',
  ' answers ',
  ' summary ',
  ' summaries ',
  ' reply ',
  ' replies ',
  ' response ',
  ' responses ',
  ' output ',
  ' digest',
  ' brief',
];

/** automated-reader-act.ts: a program, "automated", "whatever", "whoever". */
export const READER_PROGRAM_WORDS: readonly string[] = [
  ' tool',
  ' bot',
  ' agent',
  ' assistant',
  ' client',
  ' program',
  ' system',
  ' pipeline',
  ' integration',
  ' model',
  ' crawler',
  ' scraper',
  ' software',
  ' session',
  ' ai ',
  ' llm',
  ' automat',
  ' whatever ',
  ' whoever ',
];

/** task-replaced-fact.ts: the work declared changed, void or replaced, or a new one named. */
export const TASK_CHANGE_WORDS: readonly string[] = [
  ' changed',
  ' replaced',
  ' update to ',
  ' task update',
  ' job update',
  ' request update',
  ' updated task',
  ' updated request',
  ' updated job',
  ' revised task',
  ' revised request',
  ' revised job',
  ' supersed',
  ' moved on',
  ' cancel',
  ' withdrawn',
  ' dropped',
  ' no longer ',
  ' change of ',
  ' actual ',
  ' real ',
  ' true ',
  ' now is ',
  ' better ',
  ' rather than ',
];

/** principal-wish-claim.ts: the owner, the account holder, the person helped, the user's request. */
export const OWNER_WORDS: readonly string[] = [' owner ', ' holder ', ' person you', ' user who ', ' user s ', ' travel'];

/** processing-directive-other.ts, its German, French and Spanish anchors (a letter outside ASCII is a separator to the scan). */
export const OTHER_LANGUAGE_PROCESSING_WORDS: readonly string[] = [
  ' verarbeit',
  ' zusammenfass',
  ' auswertung',
  ' pr fung',
  ' hinweis',
  ' wer ',
  ' compte rendu',
  ' resume ',
  ' r sum ',
  ' synth se',
  ' t che mise',
  ' an lisis',
  ' traitement',
  ' synthese',
  ' analyse ',
  ' outil qui',
  ' tache mise',
  ' exigence',
  ' quiconque',
  ' quien ',
  ' resumen ',
  ' procesamiento',
  ' tratamiento',
  ' analisis',
  ' paso siguiente',
];
