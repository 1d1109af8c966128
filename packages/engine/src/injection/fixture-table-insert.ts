// A SQL insert is test data only when its table holds test data (issue 13, round 21). Rows inserted
// into "eval_prompts", "attack_corpus" or a seed table of prompts are fixtures: their strings are
// samples, as a string constant of test code is. Rows inserted into "notes", "tickets" or
// "comments" are records an agent reads as it reads a CSV export: an order in one is an order in
// business data, not a quotation.

// A table named for samples or tests by a whole part of its name ("eval_prompts", "attack_corpus",
// "test_cases", "jailbreak_samples"; not "latest_messages" or "contest_entries"), or rows that carry a
// label column ("is_attack", "label", "expected"). "prompts", "payloads", "templates" and "labels" alone
// name business tables (email templates, webhook payloads) whose rows an agent reads as records.
export const FIXTURE_INSERT_SOURCE = String.raw`^[ \t]*INSERT\s+INTO\s+[\x60"\[]?(?:\w+\.)?(?:[\w-]*[_-])?(?:evals?|attacks?|corpus|corpora|fixtures?|samples?|tests?|seeds?|examples?|datasets?|jailbreaks?|injections?|probes?|benchmarks?|red_?teams?)(?![a-z0-9])|^[ \t]*INSERT\s+INTO\s+[^\n(]{1,80}\([^)\n]{0,200}\b(?:is_attack|label|expected|is_injection|is_malicious|verdict)\b`;
