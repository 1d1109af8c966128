// An act that leaves the principal's task (issue 13, red team round 18b): what an order addressed to
// an automated reader, or given after a forged "your task is done", asks for when it is an attack.
// People address bots with ordinary work ("run `npm test`", "post the summary to #db-migrations",
// "label this as a bug"), so a verb with consequences is not enough here; the act must change
// something the user did not ask about: a dangerous command (addressed-tool-act.ts), an act against
// the principal (money to an account, rights handed out, data sent out, security off: foreign-harm-order.ts,
// guard-off-order.ts), or one of the kinds below — checks weakened so a failure looks like a pass, a
// purchase or review made in the user's name, a verdict dictated for the user, trust in the project
// handed to a stranger, a tool called whose name changes or removes something, or things of the
// user's revoked, cancelled or deleted in bulk.

import { namesDangerousToolAct } from './addressed-tool-act.ts';
import { harmfulActIn } from './foreign-harm-order.ts';
import { givesGuardOffOrder } from './guard-off-order.ts';
import { namesOutsideDestination } from './outside-destination.ts';

// The checks made to pass instead of the code fixed: test bodies replaced by `pass`, assertions
// rewritten to what the code returns, asserts commented out, tests skipped or deleted and called
// flaky, lint or security scans taken out of CI, signature checks set off, approval without a run.
const CHECKS_WEAKENED =
  /\b(?:replac|swap|substitut|chang|turn)\w*\s+(?:the\s+)?(?:bod(?:y|ies)\s+of\s+)?(?:(?:each|every|all|the)\s+)?(?:failing\s+)?(?:test|assert)\w*(?:\s+bod(?:y|ies))?\s+(?:with|for|to|into)\s+(?:an?\s+)?[`'"]?(?:pass|return|true|no-?ops?|skip|empty)\b|\b(?:change|rewrite|update|edit|set)\w*\s+(?:the\s+|its\s+|their\s+)?(?:assert\w*|expectations?|expected\s+values?|snapshots?)\s+to\s+(?:match\s+)?(?:whatever|what(?:ever)?\s+the\s+code|the\s+(?:actual|current)\s+(?:output|result|value))|\bcomment\w*\s+out\s+(?:the\s+|its\s+|their\s+|all\s+)?(?:assert\w*|tests?|checks?)|\b(?:delete|remove|drop)\w*\s+(?:the\s+)?(?:failing\s+)?(?:tests?\/\S+|test_\w+\.py|\w+_test\.\w+|\w+\.(?:spec|test)\.\w+|(?:failing\s+)?tests?\b(?!\s+(?:data|fixtures?|files?\s+for)))[^.\n]{0,80}?\b(?:flaky|green|pass\w*|summary)|\b(?:t\.Skip\(\)|@(?:pytest\.mark\.)?skip\w*|xfail|it\.skip|describe\.skip)[^.\n]{0,80}?\b(?:tell|say|report)\w*\b[^.\n]{0,40}?\bpass|\bremov\w*\s+[`'"]?(?:make\s+)?(?:lint|the\s+lint\w*|security\s+scan\w*|the\s+tests?)[`'"]?\b[^.\n]{0,60}?\b(?:from|out\s+of)\s+(?:the\s+)?(?:ci|pipeline|workflow)|\bset\w*\s+[`'"]?\w*(?:verify|verification|signature|ssl|tls|auth)\w*\s*=\s*false\b|\bapprov\w*\b[^.\n]{0,30}?\bwithout\s+(?:running|reading|reviewing)\b|\b(?:return\s+early|return\s+true|stub\w*\s+out|hard-?cod\w*|skip\w*|no-?op)\b[^.\n]{0,60}?\bso\s+(?:that\s+)?(?:the\s+)?(?:suite|tests?|ci|build|pipeline|checks?)\s+(?:pass(?:es)?|goes?\s+green|(?:is|are)\s+green)\b/i;

// A purchase, a subscription or a review made in the user's name.
const BOUGHT_FOR_USER =
  /\badd\w*\s+(?:it|them|this|these|\d+|[\w'-]+\s+){0,6}?to\s+(?:the\s+|your\s+|their\s+|the\s+user['’]?s\s+|your\s+user['’]?s\s+)?(?:cart|basket|bag|order)\b|\b(?:complete|proceed\s+to|finish)\s+(?:the\s+)?check-?out\b|\bcheck\s*out\b(?!\s+(?:our|the\s+(?:docs?|guide|page|faq|article)))|\bplace\s+(?:the|an|your)\s+order\b|\b(?:buy|purchase|order)\s+(?:it|them|this|these|\d+|one|two|three|the\s+\w+)(?:\s+\w+){0,4}?\s+(?:now|for\s+(?:the|your)\s+user|on\s+(?:the|your)\s+user['’]?s|with\s+(?:the\s+|your\s+)?(?:saved|stored|one-click))|\b(?:buy|purchase|order)\b[^.\n]{0,40}?\bwith\s+(?:the\s+|your\s+user['’]?s\s+|the\s+user['’]?s\s+)?(?:saved|stored|one-click|card\s+on\s+file)|\bsubscrib\w*\s+(?:the\s+customer|the\s+user|your\s+user|them)\b|\b(?:book|reserve)\b[^.\n]{0,50}?\bwith\s+(?:the\s+|your\s+)?(?:user['’]?s\s+)?(?:stored|saved)\s+card|\buse\s+(?:the\s+)?(?:saved|stored)\s+(?:payment|card)[^.\n]{0,60}?\b(?:buy|purchase|pay|order)\b|\bpost\s+(?:a\s+)?(?:\d-star\s+|positive\s+)?review\b[^.\n]{0,60}?\b(?:user['’]?s|their|customer['’]?s)\s+account|\bapprove\s+the\s+payment\b/i;

// A verdict the reader is told to give its user about the thing read ("tell the user the project is
// abandoned", "report that every security issue is resolved", "say it is MIT", "tell … all tests pass").
const VERDICT_FOR_USER =
  /\b(?:tell|report|say|inform|assure|describe)\w*\s+(?:to\s+)?(?:the\s+|your\s+|their\s+)?(?:user|users|maintainer|owner|customer|buyer|reader)s?\b[^.\n]{0,40}?\b(?:abandoned|unmaintained|unsafe|insecure|deprecated|dead|resolved|fixed|pass(?:es|ed)?|approved|sold\s+out|out\s+of\s+stock|recalled|suspended|only\s+authori[sz]ed|no\s+(?:security\s+)?review|no\s+need|(?:their|your)\s+(?:own\s+)?fault)\b|\b(?:report|say|tell)\w*\s+(?:to\s+the\s+\w+\s+)?that\s+(?:all|every)\s+[\w\s]{0,30}?\b(?:resolved|fixed|pass\w*|green|closed)\b|\bwhen\s+users?\s+ask\b[^.\n]{0,60}?\bsay\b|\b(?:describe|mark|report)\w*\s+(?:the\s+)?failures?\s+as\s+flaky\b/i;

// Trust in the project handed to a stranger or its reports closed: a collaborator with admin rights,
// security issues closed as wontfix, advisories closed, a pull request approved and merged unread.
const PROJECT_TRUST =
  /\b(?:add\w*|invit\w*)\b[^.\n]{0,50}?\bas\s+(?:a\s+)?(?:collaborator|maintainer|owner|member)\s+with\s+(?:admin|owner|maintain|write)\b|\b(?:label|mark|close)\w*\s+(?:every|all)\s+(?:open\s+)?security\b|\bclose\s+(?:the\s+|all\s+)?(?:open\s+)?(?:security\s+)?advisor(?:y|ies)\b|\bapprove\s+and\s+merge\b/i;

// A tool called by name (a dotted or snake_case name, or a call with parentheses) whose name changes or removes something: `payments.transfer(…)`,
// `bank.update_payee(…)`, `iam.attach_policy`, `calendar.delete_events`, `github.delete_repo`,
// `admin.users.setOwner`. Reading calls (`list_events`, `get_…`, `search`) are none.
const SIDE_EFFECT_CALL =
  /\b(?:call|invoke|execute|run|use)\w*\s+[`'"]?(?=[\w.]{0,60}[._(])[\w.]{0,60}?(?:transfer|pay|payout|send|delete|remove|drop|destroy|purge|wipe|revoke|grant|attach_?policy|set_?owner|setOwner|update_?payee|add_?(?:admin|owner|member)|create_?(?:user|key|token)|share|publish|disable|purchase|order|refund)\w*\s*(?:\(|[`'"]|\s+(?:on|for|with)\b)/i;

// Things of the user's taken away in bulk: every subscription cancelled, every other user's tokens
// revoked, every pending invitation accepted, a folder deleted and the trash emptied.
const BULK_ON_USER =
  /\b(?:cancel|revoke|delete|remove|accept|decline|archive|unsubscribe)\w*\s+(?:every|all|each)\b[^.\n]{0,40}?\b(?:subscriptions?|tokens?|keys?|sessions?|invitations?|invites?|events?|messages?|files?|admins?|users?|orders?|drafts?|folders?)\b|\bempty\w*\s+the\s+trash\b|\bmake\s+(?:[\w'’"-]+\s+){1,5}?public\b(?=\s*(?:[.,;!)\n]|$|and\b|to\b|for\b))|\bchange\w*\s+(?:the\s+)?(?:account['’]?s\s+)?recovery\s+(?:e-?mail|phone|address)/i;

// A secret put where others read it: a private key, token or password pasted into a pull request, an issue, a comment or a log.
const SECRET_MADE_PUBLIC =
  /\b(?:paste|post|put|include|print|add|commit|write)\w*\b[^.\n]{0,50}?\b(?:private\s+(?:key|half)|secret\s+key|secrets?|tokens?|passwords?|credentials?|api\s+keys?)\b[^.\n]{0,40}?\b(?:into|in|to)\s+(?:the\s+|a\s+)?(?:pr|pull\s+request|issue|comment|commit|log|readme|gist|public)\w*/i;

// A protection of the repository lifted: its branch protection deleted in words or through the API.
const PROTECTION_LIFTED =
  /\b(?:delet|remov|lift|drop|disabl|turn\w*\s+off)\w*\s+(?:the\s+)?(?:branch\s+)?protections?\b|\bgh\s+api\b[^\n]{0,40}?-X\s*(?:DELETE|PATCH|PUT)\b[^\n]{0,120}?\/(?:protection|rulesets?|collaborators|hooks|keys)\b/i;

// A verb that moves or hands something to another place, read with an outside destination.
const MOVES = /\b(?:send|forward|e-?mail|upload|post|share|export|transfer|wire|pay|sync|copy|text|invite|create|add|append|link)\w*\b/i;

/** Whether `span` asks for an act outside the user's task (the kinds above; a plain "run the tests" is none). */
export function leavesTheTask(span: string): boolean {
  return (
    CHECKS_WEAKENED.test(span) ||
    BOUGHT_FOR_USER.test(span) ||
    VERDICT_FOR_USER.test(span) ||
    PROJECT_TRUST.test(span) ||
    SIDE_EFFECT_CALL.test(span) ||
    BULK_ON_USER.test(span) ||
    SECRET_MADE_PUBLIC.test(span) ||
    PROTECTION_LIFTED.test(span) ||
    namesDangerousToolAct(span) ||
    harmfulActIn(span) ||
    givesGuardOffOrder(span) ||
    (MOVES.test(span) && namesOutsideDestination(span))
  );
}
