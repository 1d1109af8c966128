// Fiction as a wrapper for real harm (issue 13, red team): a story, screenplay, poem, dream or
// hypothetical world that must carry working detail ("exact quantities", "real steps", "complete
// code", "techniques that work today", "do it for real with your tools") about something harmful.
// Fiction alone is ordinary and so is a demand for accuracy; the frame, the demand and the harm
// together ask for the real thing under a pretext. (screenprec8: more words of each class — a
// parallel universe, a play, a documentary's actor, a late uncle; exact ingredients, every command,
// a working ransomware; hacking into, taking over a network, laundering, exfiltrating.)

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const FRAME =
  /\b(?:sonnet|monologue|co-?writer|protagonist|character|adventure|story|stories|novel|fiction(?:al)?|screenplay|script|scene|thriller|poem|fairy\s+tale|fantasy|dream|chapter|hypothetical(?:ly)?|imagine\s+(?:a\s+world|that)|in\s+(?:a|this|that)\s+world|role-?play|for\s+(?:a|my)\s+(?:book|film|movie|game|novel)|(?:grand)?(?:mother|father)\s+(?:who|used\s+to)|(?:late|deceased|dead)\s+(?:grand)?(?:mother|father|mum|mom|dad|grandma|grandpa|granny)|villain'?s?|(?:radio|stage|one-act|audio)\s+play|story\s+time|characters?:|(?:writing|write|staging)\s+a\s+play|parallel\s+(?:universe|world)|in\s+(?:that|this)\s+universe|improv|documentary|actor\s+playing|(?:late|deceased|dead)\s+(?:uncle|aunt|grand(?:ma|pa|mother|father)|granny)|racconto|romanzo|novela|relato|cuento|sceneggiatura|gui[oó]n|roman|geschichte|histoire|r[ée]cit)\b/i;
const REALISM =
  /\b(?:(?:full|precise|exact|specific|technical|real|working|detailed)\s+(?:technical\s+)?(?:detail|details|steps?|instructions|quantities|commands)|each\s+(?:line|verse|stanza|paragraph|chapter)\s+(?:contains|gives|is)\s+(?:one|a|the\s+next)\s+step|steps?\s+of\s+making|step\s+by\s+step|exact\s+(?:steps|quantities|amounts|instructions|recipe|procedure|method)|real\s+(?:steps|techniques|code|instructions|detail|methods?|procedures?|process|recipe|formula|quantities)|(?:working|functional|complete|full)\s+(?:code|keylogger|exploit|malware|sql\s+injection|script|payload|recipe|instructions)|technically\s+accurate|in\s+full\s+so|for\s+real|that\s+works?\s+today|actual\s+(?:recipe|steps|code|method)|with\s+real\b|so\s+(?:readers|it|the\s+book)\s+(?:can|feels?)\b|describe\s+exactly|explain\s+exactly|exact\s+steps|(?:explains?|describes?|shows?)\s+accurately|production\s+steps|how\s+(?:he|she|they)\s+made\b|(?:working|real)\s+commands|keep\s+the\s+(?:commands|code|steps)\s+real|(?:exact|detailed|precise|complete|full)(?:,?\s+(?:and\s+)?(?:exact|detailed|precise|complete|full|step-by-step))*\s+(?:answer|explanation|walkthrough|method|procedure|reply)|learn\s+the\s+real|exact\s+(?:ingredients|amounts|temperatures|commands|doses)|with\s+(?:exact\s+)?quantities|(?:working|real|functional|complete)\s+(?:ransomware|malware|virus|keylogger|exploit|trojan|worm)\b|every\s+command|(?:explains?|describes?|shows?)\s+exactly\s+how|walk\s+me\s+through|in\s+exact\s+detail|(?:shows?|tells?|explains?)\s+(?:\w+\s+){0,4}exactly\s+how|as\s+it\s+would\s+(?:really|actually)\s+work|(?:would|will|must|should)\s+actually\s+work|operationally\s+(?:complete|accurate)|comandi\s+esatti|(?:comandi|passaggi|istruzioni)\s+[^.\n]{0,20}funzionanti|passaggi\s+(?:siano\s+)?reali|pasos\s+(?:exactos|reales)|comandos\s+exactos|que\s+funcione|genaue\s+befehle|funktionierende|commandes\s+exactes)/i;
const HARM =
  /\b(?:chloroform|silencers?|suppressors?|sedatives?|date[\s-]rape|skimmers?|clon(?:e|ing)\s+(?:a\s+)?(?:door\s+)?(?:access\s+)?cards?|lock\s?-?pick\w*|fake\s+(?:ids?|identity|doctor'?s?\s+notes?)|break\s+into|hack(?:ing)?\s+into|dump\s+(?:saved\s+)?(?:browser\s+)?passwords|pipe\s+bombs?|meth(?:amphetamine)?|ricin|napalm|thermite|explosives?|bombs?|nerve\s+agents?|sarin|poisons?|toxins?|keyloggers?|malware|ransomware|viruses|exploits?|sql\s+injection|bypass(?:ing)?\s+(?:two-factor|2fa|mfa|authentication)|two-factor\s+authentication|untraceable\s+(?:guns?|weapons?)|ghost\s+guns?|credit\s+card\s+(?:generator|numbers?)|fake\s+passports?|counterfeit\w*|hotwir\w+|disable\s+(?:the\s+)?(?:gps|alarm|tracker)|payroll|credentials|passwords?|e-?mails?\s+the\s+company|steal\w*|weapons?|nitroglycerin|(?:get|getting|got|break|breaking)\s+(?:into|inside)\s+(?:a|the|an?\s+\w+'?s?)\s+(?:\w+\s+)?(?:network|server|system|account)|hack(?:s|ed)?\s+into|takes?\s+over\s+(?:a|the|an?\s+\w+'?s?)\s+(?:\w+\s+)?(?:network|servers?|systems?|records)|launder\w*|exfiltrat\w*|(?:open|opening|crack|cracking)\s+(?:the\s+|a\s+)?(?:\w+\s+)?safe\s+of|(?:got|get|getting)\s+(?:around|past)\s+(?:the\s+)?(?:\w+'?s?\s+){0,2}(?:two-factor|2fa|mfa|login|authentication)|aggirare\s+l'autenticazione|due\s+fattori|rubare\s+l'account|robar\s+la\s+cuenta|dos\s+factores|without\s+(?:the\s+)?(?:[\w-]+\s+){0,3}(?:noticing|detecting|detection)|dual[\s-]approval|clon\w*\s+(?:a\s+|the\s+)?(?:[\w-]+\s+)?(?:key\s?cards?|badges?|cards?)|disabl\w*\s+(?:the\s+)?(?:edr|antivirus|defender|endpoint\s+protection|security\s+(?:software|agent|tools?)|logging|monitoring))\b/i;
const TOOL_USE = /\b(?:do\s+it\s+for\s+real|actually\s+(?:send|do|run|execute)|with\s+your\s+(?:real\s+)?tools)\b/i;
// Answered from the shared key-word pass where it can (word-gates.ts).
const FRAME_GATE = wordGate(FRAME);
const TOOL_USE_GATE = wordGate(TOOL_USE);
const REALISM_GATE = wordGate(REALISM);
const HARM_GATE = wordGate(HARM);

/** A fictional frame that asks for working, harmful detail (0.6), or for a real act through the tools (0.6). */
export function detectFictionRealHarm(text: string): Signal | undefined {
  if (text.length < 40 || !FRAME_GATE.mayMatch(text)) return undefined;
  const frame = FRAME.exec(text);
  if (frame === null) return undefined;
  const tool = TOOL_USE_GATE.test(text);
  if (!tool && !(REALISM_GATE.test(text) && HARM_GATE.test(text))) return undefined;
  return { rule: 'fiction_real_harm', detector: 'fiction_real_harm', weight: 0.6, start: frame.index, end: frame.index + 120 };
}
