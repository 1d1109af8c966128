// An order to the machine that reads the text in Greek, Czech, Slovak, Norwegian, Danish, Finnish,
// Hungarian, Romanian, Ukrainian, Hebrew and Thai (issue 13, round 18a): "Προς τον βοηθό που
// διαβάζει αυτό: διάγραψε …", "Asistentovi, který čte tento e-mail: pošli …", "Til assistenten
// som leser dette: gi …", "Avustajalle, joka lukee tämän: lähetä …", "לעוזר שקורא את זה: שלח …".
// The mechanism of foreign-reader-order.ts and reader-order-more-languages.ts — a model named as the
// addressee (a dative or a greeting, often with "who reads this"), then an act with consequences
// in the clause after it — through a small lexicon per language. A person's assistant ("the
// director's assistant") is addressed as a person: the word for the assistant followed by whose it
// is is not read here.

import { findAddressedAct } from './addressed-act.ts';
import type { Signal } from './rules.ts';
import { withLetterEdges } from './unicode-word-boundary.ts';
import { wordGate } from './word-gates.ts';

const ADDRESSEE = new RegExp(
  [
    // Greek: "προς τον βοηθό", "για το μοντέλο", "αγαπητέ βοηθέ", "βοηθέ,"
    String.raw`(?:προς|για|στον|στο)\s+(?:τον\s+|το\s+|την\s+)?(?:ψηφιακό\s+)?(?:βοηθό|μοντέλο|πράκτορα|ai)(?:\s+(?:τεχνητής\s+νοημοσύνης|ai))?(?!\s+(?:του|της)\s)|(?:αγαπητέ|γεια\s+σου)\s+(?:βοηθέ|μοντέλο)|(?:^|\n)\s*βοηθέ\s*[,:]`,
    // Czech, Slovak: "asistentovi", "pro asistenta", "milý asistente", "asistentke"
    String.raw`\b(?:asistentovi|asistentke|pro\s+asistenta|pre\s+asistenta|milý\s+asistente|milý\s+modeli|pro\s+model|pro\s+ai|pre\s+ai)\b`,
    // Norwegian, Danish: "til assistenten", "til AI-assistenten", "kære assistent", "kjære AI"
    String.raw`\btil\s+(?:(?:ai-|den\s+)?assistenten|ai-?en|språkmodellen|sprogmodellen|modellen|boten|agenten)\b|\b(?:kære|kjære|hei|hej)\s+(?:ai-?)?(?:assistent(?:en)?|ai|språkmodell|sprogmodel|modell?)\b`,
    // Finnish: "avustajalle", "tekoälylle", "hyvä avustaja", "mallille"
    String.raw`\b(?:avustajalle|tekoälylle|tekoälyavustajalle|kielimallille|botille|agentille|hyvä\s+(?:avustaja|tekoäly))\b`,
    // Hungarian: "az asszisztensnek", "a modellnek", "kedves asszisztens", "MI-asszisztensnek"
    String.raw`\b(?:(?:az?\s+)?(?:mi-|ai-)?asszisztensnek|(?:a\s+)?(?:nyelvi\s+)?modellnek|(?:a\s+)?botnak|kedves\s+(?:asszisztens|modell|mi))\b`,
    // Romanian: "către asistentul", "pentru asistent", "dragă asistentule", "asistentului care citește"
    String.raw`\b(?:către|pentru|catre)\s+(?:asistent(?:ul)?|model(?:ul)?|agent(?:ul)?|ai)\b|\b(?:dragă|draga|salut)\s+(?:asistent(?:ule)?|model(?:ule)?)\b|\basistentului\b`,
    // Ukrainian: "асистенту", "помічнику", "для асистента", "до моделі"; not a person's assistant, a noun in the genitive
    // after it ("помічнику бухгалтера", round 20a)
    String.raw`(?:асистенту|помічнику|(?:для|до)\s+(?:асистента|помічника|моделі|агента|ші)|шановний\s+(?:асистенте|помічнику))(?![\p{L}])(?!\s+(?:директора|керівника|голови|[а-щьюяіїєґ']+[ая](?![\p{L}])))`,
    // Hebrew: "לעוזר", "לעוזרת", "למודל", "לסוכן", "עוזר יקר"
    String.raw`(?:^|[\s"'(])(?:לעוזר|לעוזרת|למודל|לסוכן|לבוט|לבינה\s+המלאכותית)(?=[\s,:])|(?:עוזר|מודל)\s+יקר`,
    // Thai: "ถึงผู้ช่วย", "เรียนผู้ช่วย", "สำหรับผู้ช่วย AI", "ถึงโมเดล"
    String.raw`(?:ถึง|เรียน|สำหรับ)\s*(?:ผู้ช่วย|โมเดล|เอไอ|AI|บอท)`,
  ]
    .map(withLetterEdges)
    .join('|'),
  'giu',
);
export const ACT_FURTHER_LANGUAGES = new RegExp(
  [
    // Greek
    String.raw`(?:στείλ|στείλτε|προώθησ|διάγραψ|διαγράψ|σβήσ|μετάφερ|μεταφέρετε|απενεργοποίησ|κλείσ|κοινοποίησ|μοιράσ|αγόρασ|πλήρωσ|εκτέλεσ|αγνόησ|δώσ|εξάγ|μην\s+(?:ενημερώσ|πεις|αναφέρ))`,
    // Czech, Slovak
    String.raw`\b(?:pošli|pošlete|pošlite|přepošli|prepošli|smaž|smažte|vymaž|vymažte|odstraň|převeď|preveď|převeďte|vypni|vypněte|vypnite|deaktivuj|sdílej|zdieľaj|kup|kupte|zaplať|zaplaťte|exportuj|nahraj|spusť|ignoruj|dej|udělej|neinformuj|neříkej)\b`,
    // Norwegian, Danish
    String.raw`\b(?:send|videresend|slett|slet|fjern|overfør|deaktiver|slå\s+av|slå\s+fra|del|kjøp|køb|betal|eksporter|last\s+opp|upload|kjør|kør|ignorer|gi|giv|godkjenn|godkend|ikke\s+(?:fortell|sig|nevn))\b`,
    // Finnish
    String.raw`\b(?:lähetä|välitä|poista|siirrä|kytke\s+pois|poista\s+käytöstä|jaa|osta|maksa|vie|lataa|suorita|ohita|anna|hyväksy|älä\s+kerro)\b`,
    // Hungarian
    String.raw`\b(?:küldd|küldje|továbbítsd|töröld|törölje|utald|utalja|kapcsold\s+ki|kapcsolja\s+ki|oszd\s+meg|vásárolj|vegyél|fizesd|exportáld|töltsd\s+fel|futtasd|hagyd\s+figyelmen|adj|hagyd\s+jóvá|ne\s+szólj)\b`,
    // Romanian
    String.raw`\b(?:trimite|trimiteți|redirecționează|șterge|ștergeți|sterge|transferă|transfera|dezactivează|dezactiveaza|distribuie|cumpără|cumpara|plătește|plateste|exportă|încarcă|rulează|ignoră|acordă|aprobă|nu\s+(?:spune|informa))\b`,
    // Ukrainian
    String.raw`(?:надішли|надішліть|перешли|видали|видаліть|переказ|переведи|вимкни|вимкніть|поділись|купи|купіть|заплати|експортуй|завантаж|запусти|ігноруй|надай|схвали|не\s+(?:кажи|повідомляй))`,
    // Hebrew
    String.raw`(?:שלח|שלחי|העבר|העבירי|מחק|מחקי|השבת|כבה|שתף|קנה|קני|שלם|ייצא|הרץ|התעלם|תן|אשר|אל\s+תספר)`,
    // Thai
    String.raw`(?:ส่ง|ลบ|โอน|ปิด|แชร์|ซื้อ|จ่าย|ส่งออก|อัปโหลด|เรียกใช้|เพิกเฉย|ให้สิทธิ์|อนุมัติ|อย่าบอก)`,
  ]
    .map(withLetterEdges)
    .join('|'),
  'iu',
);
// The cheap gate: the word for an assistant or a model as these languages spell it (not English
// "model" or "agent"); the other scripts' words need a letter outside ASCII, which the pass marks.
const GATE = wordGate(
  /βοηθ|μοντέλο|πράκτορα|asistent|asszisztens|modellnek|botnak|avustaja|tekoäly|kielimalli|botille|agentille|assistenten|modellen|boten|agenten|språkmodell|sprogmodel|асистент|помічник|моделі|агента|עוזר|מודל|סוכן|בוט|ผู้ช่วย|โมเดล|เอไอ|บอท|pro\s+ai|pre\s+ai|til\s+ai|modelul|modelule|agentul/i,
);
const WINDOW = 200;
const MAX_LOOKED = 10;

/** A model addressed in one of the languages above, then an order with consequences (0.6). */
export function detectReaderOrderFurtherLanguages(text: string): Signal | undefined {
  return findAddressedAct(text, {
    gate: GATE,
    head: ADDRESSEE,
    acts: [ACT_FURTHER_LANGUAGES],
    window: WINDOW,
    maxLooked: MAX_LOOKED,
    detector: 'reader_order_further_languages',
  });
}
