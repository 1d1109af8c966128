// The risk classifier: one pure function from a tool call (path and payload) to a risk class and
// the reasons behind it. It combines the tool's name, shell commands (parsed), SQL statements
// (parsed), money amounts, file paths of file tools, and the class the tenant registered for the
// tool, which is a floor. The highest class wins and every signal that fired is listed.
// INVARIANT: it never throws; an internal error gives high (critical if a critical signal had
// already fired), with the error among the reasons.

import { normalizeToolPath } from '../rules/normalize-path.ts';
import { Findings, quote } from './findings.ts';
import { declaredMoneyDocument } from './money-document-kinds.ts';
import { appleScriptShellLines } from './applescript-shell-lines.ts';
import { assessPowerShellMailSends } from './powershell-mail-sends.ts';
import { memoize, memoizeKeys } from './memo.ts';
import { assessMoney, DEFAULT_CRITICAL_TRANSFER_AMOUNT } from './money.ts';
import { criticalWriteTarget, protectedDeleteTarget, rootLikeTarget } from './paths.ts';
import { collectFields, hasAnyKey, withMoreFields, type PayloadFields } from './payload-fields.ts';
import { RISK_CLASSES, type RiskAssessment, type RiskClass } from './risk-class.ts';
import { analyzeShell } from './shell.ts';
import { assessHiddenShell } from './hidden-shell.ts';
import { assessCryptoTransfers } from './crypto-transfers.ts';
import { withGraphqlMutations } from './graphql-mutation.ts';
import { assessShellPayment } from './shell-payment-calls.ts';
import { assessShellCryptoSend } from './shell-crypto-sends.ts';
import { assessCodePayments } from './code-payment-calls.ts';
import { assessPaymentTexts } from './payment-texts.ts';
import { assessPaymentQueries } from './payment-url-queries.ts';
import { countsInMinorUnits } from './minor-unit-apis.ts';
import { autostartContentClass, CONTENT_KEYS, runsAtStartup } from './autostart-content.ts';
import { assessScheduledJob } from './scheduled-jobs.ts';
import { assessCallEffects, callsPaymentApi, withJsonBodies } from './call-effects.ts';
import { analyzeSql, looksLikeSql } from './sql.ts';
import { assessSqlTricks, openExecutableComments } from './sql-tricks.ts';
import { splitWords, toolNameRisk, type ToolNameRisk } from './tool-name.ts';
import { asksToView, readsByName, readsOnlyProjectFiles } from './file-read-tools.ts';
import { assessSaasAdminGrant } from './saas-admin-grants.ts';
import { assessOrderTotal } from './order-totals.ts';
import { assessGraphqlDeletes } from './graphql-deletes.ts';
import { asProgramLine, cliProgramOf, impliedCloudProgram } from './cli-named-tools.ts';
import { argvCommandLine, looksLikeCommandList, programInToolPath } from './argv-command-lines.ts';
import { assessDatastoreCommands, assessEmptyFilterDelete } from './datastore-commands.ts';
import { callsPaymentFunction } from './payment-function-fields.ts';
import { dryRunRequested } from './k8s-manifests.ts';
import { assessEncodedQuerySecrets } from './encoded-query-secrets.ts';
import { assessApiPathDeletes } from './api-path-deletes.ts';
import { assessShellHttpDeletes } from './shell-http-deletes.ts';
import { assessDeviceWipeTool, assessShellDeviceWipes } from './device-wipes.ts';
import { assessObjectEffects } from './object-effects.ts';
import { assessGitPushTool } from './git-push-tools.ts';
import { assessAdminCredential } from './admin-credentials.ts';
import { assessCloudSdkCode } from './cloud-sdk-code.ts';
import { assessProtectionEdits } from './protection-edits.ts';
import { assessDownloadThenRun } from './download-then-run.ts';
import { assessSecurityControls, assessSecurityControlText } from './security-controls.ts';
import { operationFieldCalls, snakeCaseOperations } from './sdk-operation-names.ts';
import { assessControlSwitchFields } from './control-switch-fields.ts';
import { assessOpenAdminPorts } from './open-admin-ports.ts';
import { assessPolicyStatements } from './iam-policy-statements.ts';
import { assessWriteAccessKeys } from './write-access-keys.ts';
import { assessDnsLabelSecrets } from './dns-label-secrets.ts';
import { assessPublicShares } from './public-shares.ts';
import { assessAdBudget } from './ad-budgets.ts';
import { looksUpById } from './id-lookups.ts';
import { assessCodeBulkSends } from './code-bulk-sends.ts';
import { assessUrlQuerySecrets } from './url-query-secrets.ts';
import { assessWindowsCommand, vitalWindowsPath } from './windows-commands.ts';
import { findInnerCalls, isCarrierPath, type InnerCall } from './inner-calls.ts';
import { mcpEnvelopeCall } from './mcp-envelopes.ts';
import { callUrl } from './http-call-shape.ts';
import { assessCmdletSettings } from './cmdlet-settings.ts';
import { shellInputScript } from './shell-stdin-scripts.ts';
import { assessEnvironmentSecretFilters } from './environment-secret-filters.ts';
import { assessUrlNamedControls } from './url-named-controls.ts';
import { assessOutsideWebhooks } from './outside-webhooks.ts';
import { assessTenantSharingSettings, orgSettingsCall } from './tenant-sharing-settings.ts';
import { writtenThenRun } from './written-then-run.ts';
import { namedValues } from './name-value-pairs.ts';
import { assessPathResourceActs } from './path-resource-acts.ts';
import { pathMovesMoney } from './money-resource-paths.ts';
import { assessMailForwardingRules } from './mail-forwarding-rules.ts';
import { assessRetentionCuts } from './retention-cuts.ts';
import { assessControlOperationNames } from './control-operation-names.ts';
import { assessApiSecretItemReads } from './api-secret-item-reads.ts';
import { assessSpendingLimitRaises } from './spending-limit-raises.ts';
import { assessPayColumnUpdates } from './pay-column-updates.ts';
import { assessPayeeBankChanges } from './payee-bank-changes.ts';
import { assessPersonalMailboxShares } from './personal-mailbox-shares.ts';
import { assessPersonalRecordsSent } from './personal-record-values.ts';
import { assessDatabaseRoleFlags } from './database-role-flags.ts';
import { configTaskCommands } from './config-management-acts.ts';
import { writesRunnableFile, writtenRunnables } from './written-runnable-files.ts';
import { assessDestroyRunRequests } from './destroy-run-requests.ts';
import { assessEmptyMirror } from './empty-mirror-wipes.ts';
import { assessEmptyPrune } from './empty-prune-applies.ts';
import { mcpToolCalls } from './mcp-rpc-calls.ts';
import { codeKeys } from './code-keys.ts';
import { codeToolInterpreter } from './code-tool-languages.ts';

/** A tool call to classify. */
export interface RiskInput {
  /** Tool path, e.g. `/tools/shell` or `/tools/mcp/github/create_issue`. */
  path: string;
  /** The tool-call arguments (usually a JSON object). */
  payload: unknown;
  /** Floor from the tenant's tool registry, if any. */
  registeredRisk?: RiskClass;
  /** Amount from which a transfer is critical (default 10000). */
  criticalTransferAmount?: number;
}

/** Fields that hold a shell command on any tool. */
const COMMAND_KEYS = new Set([
  'command',
  'cmd',
  'commands',
  'script',
  'shell',
  'shell_command',
  'bash',
  'sh',
  'command_line',
  'cmdline',
  'cmd_line',
  'run',
  'exec',
  'code_bash',
  'bash_command',
  'shell_script',
  'entrypoint',
  'install_command',
  'pre_command',
  'post_command',
  'commandline',
]);
/** Fields of a shell tool that are not commands. */
const NON_COMMAND_KEYS = new Set([
  'cwd',
  'workdir',
  'working_directory',
  'directory',
  'dir',
  'timeout',
  'timeout_ms',
  'description',
  'title',
  'name',
  'id',
  'env',
  'shell_type',
  'user',
  'host',
  'session',
  'session_id',
  'reason',
  'explanation',
  'purpose',
  'restart',
  'language',
  'encoding',
  'tty',
  'stdin',
  'is_background',
  'background',
  'mode',
]);
/** Fields that hold the arguments of a command, as an array. */
const ARGV_KEYS = new Set(['args', 'argv', 'arguments', 'command', 'cmd', 'command_args', 'params']);
/** Keys of no fixed name that say they hold a command line (`command_list`, `run_args`, `steps`). */
const COMMAND_LIST_KEY = /cmd|command|argv|args|exec|run|line|step|script|invocation|call/;
/** Fields of a tool named after its program that hold the sub-command, and those that hold its flags. */
const SUBCOMMAND_KEYS = new Set(['subcommand', 'sub_command', 'subcmd']);
const SUBCOMMAND_KEY_LIST = [...SUBCOMMAND_KEYS];
const FLAG_KEYS = new Set(['flags', 'options', 'opts', 'extra_args', 'args', 'argv', 'arguments']);
/** Fields that name the program of an argument array. */
const PROGRAM_KEYS = ['command', 'cmd', 'program', 'executable', 'bin', 'binary', 'file', 'path'];
/** Fields that hold SQL on any tool. */
const SQL_KEYS = new Set(['query', 'sql', 'statement', 'statements', 'sql_query', 'raw_sql', 'query_string', 'querystring', 'stmt']);
/** Strong SQL shape, required on tools that are not SQL runners (a search `query` is prose). */
const SQL_SHAPE =
  /^\s*(?:(?:--[^\n]*\n|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/)\s*)*(?:SELECT\b[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+[\w."`[\]]+\s+SET\b|DELETE\s+FROM\b|DROP\s+(?:TABLE|DATABASE|SCHEMA|VIEW|INDEX|USER|FUNCTION)\b|TRUNCATE\s+(?:TABLE\s+)?[\w."`[]|ALTER\s+(?:TABLE|DATABASE|SCHEMA|USER)\b|CREATE\s+(?:TABLE|DATABASE|SCHEMA|INDEX|VIEW|USER)\b|GRANT\s|REVOKE\s|MERGE\s+INTO\b|WITH\s+\w+\s+AS\s*\(|DECLARE\s+@|DO\s+\$|BEGIN\s+EXECUTE\b|EXEC(?:UTE)?\s*(?:\(|IMMEDIATE\b)|PREPARE\s+\w+\s+(?:FROM|AS)\b)/i;
/** Keys that name SQL however they are spelled (`sql_statement`, `query_text`, `raw_query`, Spanish `consulta`, German `abfrage`). */
const SQL_KEY_WORDS = /(?:^|_)(?:sql|statement|stmt|query|consulta|abfrage|requete|requête|interrogazione)(?:_|$)/;
const sqlKeyMemo = memoizeKeys((key: string) => SQL_KEY_WORDS.test(key));
const PROCEDURE_SHAPE = /^\s*(?:EXEC(?:UTE)?|CALL)\s+[\w.[\]"`]+/i;
/** Fields that name a file on file tools. */
const PATH_KEYS = new Set([
  'path',
  'file',
  'file_path',
  'filepath',
  'filename',
  'target',
  'target_path',
  'destination',
  'dest',
  'dir',
  'directory',
  'folder',
  'source',
  'src',
  'new_path',
  'old_path',
  'paths',
  'files',
]);
/** Generic verbs of SQL runners: the statement decides the class, not the verb. */
const SQL_RUNNER_VERBS = /verb (?:exec|execute|run|query|sql|script|select)\b/;

const MONEY_DOCUMENTS = new Set(['invoice', 'invoices', 'quote', 'quotes', 'estimate', 'receipt', 'receipts', 'bill', 'statement']);
/** Tools that compute a figure about money (a fee, an estimate): they move none. */
const MONEY_FIGURES = new Set(['fee', 'fees', 'estimate', 'estimator', 'calculate', 'calculator', 'simulate', 'simulator', 'preview']);
const MONEY_MOVERS = new Set(['pay', 'send', 'transfer', 'wire', 'settle', 'charge', 'refund', 'payout', 'withdraw', 'collect', 'capture']);

const MAX_SHELL_STRINGS = 16;
const MAX_SQL_STRINGS = 16;

const shellMemo = memoize(analyzeShell, 512);

/**
 * Classifies a tool call. Never throws: an internal error yields high (or critical when a
 * critical signal already fired) with the error in the reasons.
 */
export function classifyRisk(input: RiskInput): RiskAssessment {
  const findings = new Findings();
  try {
    classifyInto(input, findings);
    return findings.assessment('medium');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    findings.add('high', `risk: internal error while classifying (${message.slice(0, 120)}), treated as high`);
    return findings.assessment('high');
  }
}

const carrierMemo = memoizeKeys(isCarrierPath);

function classifyInto(input: RiskInput, findings: Findings): void {
  const registered = input.registeredRisk;
  if (registered !== undefined && (RISK_CLASSES as readonly string[]).includes(registered)) {
    findings.add(registered, `registered risk of the tool: ${registered} (floor)`);
  }
  // The same canonical path the rules and the registry see: `/tools/bash/.` or `/tools/%62ash` is bash.
  const path = normalizeToolPath(typeof input.path === 'string' ? input.path : String(input.path), true);
  // `/tools/mcp/call {name, arguments}`, `/tools/run {tool, input}`, `{tool_calls: […]}`: a tool that
  // only carries calls does what they do. Each carried call is classified under its own name; what
  // else the carrier was given is classified as before.
  // A full MCP `tools/call` request is the call it names, whatever path carries it.
  const envelope = mcpEnvelopeCall(input.payload);
  if (envelope !== undefined || carrierMemo(path)) {
    const inner =
      envelope !== undefined ? { calls: [envelope], rest: undefined } : findInnerCalls(input.payload, path, toolNameRisk(path).shell);
    if (inner !== undefined) {
      for (const call of inner.calls) classifyCarriedCall(call, input, 'carried call', findings);
      // Steps together can do what none does alone (read a ledger, then mail it out): with two or
      // more, the whole payload is read too, by a tool of no name of its own.
      if (inner.calls.length > 1) classifyFields(input, CARRIED_CALLS_PATH, findings, false);
      else if (inner.rest !== undefined) classifyFields({ ...input, payload: inner.rest }, path, findings);
      return;
    }
  }
  // `{url: ".../mcp", body: "[{\"method\":\"tools/call\",…}]"}`: MCP requests sent by any tool are the calls they name.
  for (const call of mcpToolCalls(input.payload)) classifyCarriedCall(call, input, 'MCP request for', findings);
  classifyFields(input, path, findings);
}

/** A call carried by another, classified under its own name; its reasons are reported with `label`. */
function classifyCarriedCall(call: InnerCall, input: RiskInput, label: string, findings: Findings): void {
  const carried = new Findings();
  const callPath = normalizeToolPath(call.path, true);
  classifyFields({ path: callPath, payload: call.payload, criticalTransferAmount: input.criticalTransferAmount }, callPath, carried);
  const result = carried.assessment('medium');
  for (const reason of result.reasons) findings.add(result.class, `${label} \`${call.path}\`: ${reason}`);
  findings.raise(result.class);
}

/** The neutral tool under which a carrier's whole payload is read. */
const CARRIED_CALLS_PATH = '/tools/carried-calls';

function classifyFields(input: RiskInput, path: string, findings: Findings, nameCounts = true): void {
  const tool = toolNameRisk(path);
  const read = withJsonBodies(collectFields(input.payload));
  const graphql = withGraphqlMutations(read);
  // Fields were added only when a mutation was found.
  const mutation = graphql.fields !== read;
  // A script, playbook or document written and used by this same call: its content is what runs.
  // (It needs a file, its content and a command: three keys at least.)
  const written =
    graphql.fields.keys.size >= 3 && hasAnyKey(graphql.fields, COMMAND_KEYS) && hasAnyKey(graphql.fields, CONTENT_KEYS)
      ? writtenThenRun(graphql.fields, CONTENT_KEYS, COMMAND_KEYS)
      : undefined;
  const pairs = namedValues(graphql.fields);
  let fields = graphql.fields;
  if (written !== undefined || pairs !== undefined)
    fields = withMoreFields(fields, [...(written?.documents ?? []), ...(pairs === undefined ? [] : [pairs])]);
  if (written?.adminGrant !== undefined) findings.add('critical', `file: ${written.adminGrant}`);
  if (fields.truncated) {
    // What could not be read cannot be cleared: on a tool that runs commands, SQL, payments or
    // deletes, an unreadable remainder may hold the critical part, so a human must look.
    const dangerous = tool.shell || tool.sql || tool.payment || tool.class === 'high' || tool.class === 'critical';
    findings.add(
      dangerous ? 'critical' : 'high',
      `payload: too large or deep to read in full${dangerous ? ` on a ${tool.class}-risk tool, so a human must look` : ''}`,
    );
  }
  const threshold =
    typeof input.criticalTransferAmount === 'number' && Number.isFinite(input.criticalTransferAmount) && input.criticalTransferAmount > 0
      ? input.criticalTransferAmount
      : DEFAULT_CRITICAL_TRANSFER_AMOUNT;

  // `/tools/billing/invoice {id}`: a tool named for a record, given only its identifier, looks it up.
  const idLookup = tool.class === 'medium' && !tool.shell && !tool.sql && looksUpById(tool.words, fields, input.payload);
  // SQL first (a SQL runner's class comes from its statement), reported after the tool name.
  const sql: RiskAssessment[] = [];
  const sqlRunner = tool.sql && SQL_RUNNER_VERBS.test(tool.reason);
  classifySql(tool, fields, sql);
  if (sqlRunner && sql.length > 0) findings.add('low', `tool name \`${tool.name}\`: SQL runner, class set by its statement`);
  else if (tool.class === 'medium' && readsOnlyNamedFiles(tool, fields))
    findings.add('low', `tool name \`${tool.name}\`: shows ordinary project files -> low`);
  else if (idLookup) findings.add('low', `tool name \`${tool.name}\`: looks one record up by its identifier -> low`);
  else if (nameCounts) findings.add(tool.class, tool.reason);
  if (sqlRunner && sql.length === 0) findings.add('medium', `sql: no readable statement for SQL tool \`${tool.name}\``);
  for (const assessment of sql) findings.merge(assessment);
  for (const command of classifyShell(tool, path, fields, findings, written?.scripts)) {
    assessShellPayment(command, threshold, findings);
    assessShellCryptoSend(command, threshold, findings);
    assessCmdletSettings(command, findings);
    assessPowerShellMailSends(command, findings);
    assessEnvironmentSecretFilters(command, findings);
  }
  // An invoice, quote or receipt asks for money or records it; it moves none (`pay_invoice` does).
  // `send_invoice` sends the document to its payer; only the other movers (`pay_invoice`, `charge_invoice`) move money.
  // A payload may declare itself the document (`/tools/docs/create {type: "quote", total: …}`).
  const moneyDocument =
    !idLookup &&
    (tool.words.some((word) => MONEY_DOCUMENTS.has(word)) || declaredMoneyDocument(input.payload) !== undefined) &&
    !tool.words.some((word) => MONEY_MOVERS.has(word) && word !== 'send') &&
    !callsPaymentApi(fields);
  const moneyFigure =
    !moneyDocument && tool.words.some((word) => MONEY_FIGURES.has(word)) && !tool.words.some((word) => MONEY_MOVERS.has(word));
  const dryRun = dryRunRequested(input.payload, fields);
  // A dry run moves nothing: its money signals are kept, at most high.
  const money = dryRun ? new Findings() : findings;
  if (moneyDocument) findings.add('medium', `money: \`${tool.name}\` makes a payment document; it moves no money`);
  else if (moneyFigure) findings.add('low', `money: \`${tool.name}\` computes a figure about money; it moves none`);
  else if (!idLookup)
    assessMoney(
      fields,
      tool.payment || pathMovesMoney(path) || graphql.movesMoney || callsPaymentApi(fields) || callsPaymentFunction(fields),
      threshold,
      money,
      () =>
        countsInMinorUnits(
          // The API may be named by any segment of the path (`/tools/adyen/payout`).
          splitWords(path),
          fields.strings.slice(0, 64).map((field) => field.text),
        ),
    );
  if (!moneyDocument && !moneyFigure) {
    assessOrderTotal(path, fields, threshold, money);
    assessPaymentTexts(fields, tool.payment || callsPaymentApi(fields), threshold, money);
    assessPaymentQueries(fields, threshold, money);
  }
  assessCodePayments(fields, threshold, money);
  assessCryptoTransfers(fields, tool.words, threshold, money);
  assessAdBudget(path, fields, threshold, money);
  assessSpendingLimitRaises(fields, threshold, money);
  assessPayColumnUpdates(fields, threshold, money);
  assessPayeeBankChanges(tool.words, path, fields, money);
  if (dryRun && money.highest !== undefined) {
    const level = money.highest === 'critical' ? 'high' : money.highest;
    for (const reason of money.reasons) findings.add(level, `${reason} (dry run: nothing moves)`);
  }
  assessCallEffects(tool, path, fields, findings, dryRun);
  assessPersonalRecordsSent(tool.name, fields, findings);
  assessPathResourceActs(path, findings);
  assessControlOperationNames(path, findings);
  // Not held to the search gate: a path naming Google (`/tools/google/drive/permissions_create`) is no search.
  assessPublicShares(tool.name, path, fields, findings);
  assessPersonalMailboxShares(tool.name, path, fields, findings);
  if (!tool.search) {
    assessCodeBulkSends(tool.name, fields, findings);
    assessUrlQuerySecrets(tool.name, fields, findings);
  }
  assessGitPushTool(path, input.payload, fields, shellMemo, findings);
  assessScheduledJob(path, fields, findings);
  assessSaasAdminGrant(fields, input.payload, findings);
  assessAdminCredential(fields, findings);
  if (!tool.search) {
    assessSecurityControls(fields, input.payload, findings);
    // `{service: "guardduty", action: "DeleteDetector"}`: the operation named in a field, read as the SDK call.
    const operations = operationFieldCalls(fields);
    if (operations !== undefined) assessSecurityControlText(operations, findings);
    assessControlSwitchFields(input.payload, fields, findings);
    assessMailForwardingRules(input.payload, fields.keys, findings, `${path} ${callUrl(fields)?.text ?? ''}`);
    assessTenantSharingSettings(input.payload, fields, findings, orgSettingsCall(path, fields));
    assessUrlNamedControls(input.payload, fields, findings);
    assessOutsideWebhooks(path, fields, findings);
    assessRetentionCuts(fields, findings);
    assessApiSecretItemReads(fields, findings);
    assessDatabaseRoleFlags(fields, findings);
    assessOpenAdminPorts(input.payload, fields, findings);
    assessPolicyStatements(tool.name, input.payload, fields, findings);
    assessWriteAccessKeys(tool.name, fields, input.payload, findings);
    assessDnsLabelSecrets(tool.words, fields, findings);
  }
  assessCodeAndSettings(fields, findings);
  if (!tool.search) {
    // Tasks of Ansible, Salt, Puppet or Chef, and files that CI, make, npm, git or docker run later: their command lines.
    for (const line of configTaskCommands(input.payload, fields.keys, fields.strings))
      judgeCarriedLine(line, 'a configuration-management task', findings);
    if (writesRunnableFile(fields))
      for (const file of writtenRunnables(input.payload))
        for (const line of file.lines) judgeCarriedLine(line, `the runnable file ${file.what}`, findings);
    assessDestroyRunRequests(input.payload, fields.keys, findings);
  }
  assessDatastoreCommands(fields, tool.search, findings, input.payload);
  if (
    !tool.search &&
    fields.keys.size > 0 &&
    (fields.keys.has('filter') ||
      fields.keys.has('query') ||
      fields.keys.has('q') ||
      fields.keys.has('selector') ||
      fields.keys.has('where'))
  )
    assessEmptyFilterDelete(tool.name, fields, input.payload, findings);
  if (!tool.search) assessObjectEffects(tool.name, path, input.payload, fields, dryRun, judgeContainerCommand, findings);
  if (!tool.search) assessEncodedQuerySecrets(tool.name, fields, findings);
  assessApiPathDeletes(tool.name, fields, findings);
  assessDeviceWipeTool(tool.name, tool.words, fields, findings);
  if (mutation) assessGraphqlDeletes(fields, findings);
  // A dry run writes and deletes nothing: what the file rules find is kept, at most high.
  const fileFindings = dryRun ? new Findings() : findings;
  if (tool.fileWrite || tool.fileDelete) classifyFileTargets(tool, fields, fileFindings);
  // `/tools/edit {file, insert}`: an editing verb with a file argument writes that file, whatever the name lacks.
  else if (tool.words.some((word) => EDIT_VERBS.has(word)) && fields.strings.some((field) => PATH_KEYS.has(field.key)))
    classifyFileTargets({ ...tool, fileWrite: true }, fields, fileFindings);
  if (dryRun && fileFindings.highest !== undefined) {
    const level = fileFindings.highest === 'critical' ? 'high' : fileFindings.highest;
    for (const reason of fileFindings.reasons) findings.add(level, `${reason} (dry run: nothing changes)`);
  }
}

/** Fields that hold code for a code tool. */
const CODE_KEYS = codeKeys();
/** Literal hints of a download written to a file (plain `includes`, far cheaper than a regex). */
const DOWNLOAD_HINTS = [
  'curl',
  'urlretrieve',
  'OutFile',
  'outfile',
  'DownloadFile',
  'BitsTransfer',
  'wget.download',
  'os.Create',
  'File.write',
  'File.binwrite',
  'urlcache',
  'bitsadmin',
  'createWriteStream',
  'writeFile',
  "'wb'",
  '"wb"',
];
/** Fields that hold the text an editor or file tool writes or replaces, or a command: where a protection setting counts. */
const SETTING_KEYS = new Set([
  ...COMMAND_KEYS,
  ...CONTENT_KEYS,
  'old_str',
  'old_string',
  'new_str',
  'new_string',
  'search',
  'replace',
  'replacement',
  'find',
  'patch',
  'diff',
  'file_text',
]);
/** Keys that hold code by their name alone, on any tool (workflow code nodes). */
const NODE_CODE_KEYS = new Set(['js_code', 'python_code', 'function_code']);
const HINTED_KEYS = new Set([...CODE_KEYS, ...SETTING_KEYS]);

/** Cloud SDK deletes and grants in code, downloads run after they land, deletion protections switched off. */
function assessCodeAndSettings(fields: PayloadFields, findings: Findings): void {
  if (!hasAnyKey(fields, HINTED_KEYS)) return;
  let protection: Array<{ key: string; text: string }> | undefined;
  for (const field of fields.strings) {
    const text = field.text;
    // The replaced text of an edit may be one short line (`  enable_logging = true`).
    if (text.length < 24 && !SETTING_KEYS.has(field.key)) continue;
    const code = CODE_KEYS.has(field.key);
    if (code && text.length >= 24) {
      assessCloudSdkCode(text, findings);
      // Go, .NET and JS v3 name the SDK's operations in CamelCase (`svc.StopLogging(`, `new DeleteTrailCommand(`).
      const snake = snakeCaseOperations(text);
      if (snake !== undefined) {
        assessCloudSdkCode(snake, findings);
        assessSecurityControlText(snake, findings);
      }
    }
    if ((code || COMMAND_KEYS.has(field.key)) && DOWNLOAD_HINTS.some((hint) => text.includes(hint))) assessDownloadThenRun(text, findings);
    // A workflow's code node (n8n `jsCode`, `pythonCode`) runs its code on the workflow's host whichever tool writes it.
    if (NODE_CODE_KEYS.has(field.key)) judgeCarriedLine(text, `code node (\`${field.key}\`)`, findings);
    if (
      SETTING_KEYS.has(field.key) &&
      (text.includes('rotection') || text.includes('prevent_destroy') || text.includes('api_termination') || text.includes('nable_logging'))
    )
      (protection ??= []).push(field);
  }
  if (protection !== undefined) assessProtectionEdits(protection, findings);
  // `commands: ["bitsadmin /addfile j URL f.exe", "bitsadmin /SetNotifyCmdLine j f.exe NUL"]`: the steps of one call run in order.
  const steps = fields.strings.filter((field) => field.inArray && COMMAND_KEYS.has(field.key));
  if (steps.length > 1 && steps.some((field) => DOWNLOAD_HINTS.some((hint) => field.text.includes(hint))))
    assessDownloadThenRun(steps.map((field) => field.text).join('\n'), findings);
}

/** A command line another carrier runs (a task, a CI step written to a file): only a critical verdict counts. */
function judgeCarriedLine(line: string, via: string, findings: Findings): void {
  if (line.trim() === '' || line.length > 16384) return;
  const judged = new Findings();
  judged.merge(shellMemo(line));
  assessHiddenShell(line, judged);
  assessWindowsCommand(line, judged);
  if (judged.highest !== 'critical') return;
  const reasons = judged.reasons.filter((reason) => !reason.includes('command execution is at least high')).slice(0, 3);
  findings.add('critical', `${via} runs ${quote(line.length > 100 ? `${line.slice(0, 100)}…` : line)}: ${reasons.join('; ')}`);
}

/** A container's command judged by the shell rules (critical or not). */
function judgeContainerCommand(line: string): 'critical' | 'other' {
  return shellMemo(line).class === 'critical' ? 'critical' : 'other';
}

/** What a file tool writes (its content fields joined), or undefined when the call does not show it. */
function writtenContent(fields: PayloadFields): string | undefined {
  const parts = fields.strings.filter((field) => CONTENT_KEYS.has(field.key)).map((field) => field.text);
  return parts.length === 0 ? undefined : parts.join('\n');
}

/** Verbs that change the content of the file they are given. */
const EDIT_VERBS = new Set(['edit', 'write', 'append', 'insert', 'save', 'patch', 'overwrite', 'prepend']);

/** A tool named after showing a file (`open`, `viewer`, `slurp`), or an editor asked to `view`, handed only ordinary project paths. */
function readsOnlyNamedFiles(tool: ToolNameRisk, fields: PayloadFields): boolean {
  if (tool.shell || tool.sql || tool.payment || tool.fileDelete || tool.search) return false;
  // An editor (a writing tool) asked only to `view` reads like a file viewer.
  if (tool.fileWrite) return asksToView(fields) && readsOnlyProjectFiles(fields);
  return (readsByName(tool.words) || asksToView(fields)) && readsOnlyProjectFiles(fields);
}

/** Analyses the shell commands of the payload; returns them for the later passes. */
function classifyShell(
  tool: ToolNameRisk,
  path: string,
  fields: PayloadFields,
  findings: Findings,
  scripts: readonly string[] = [],
): string[] {
  const commands: string[] = [];
  const add = (text: string): void => {
    if (commands.length < MAX_SHELL_STRINGS && text.trim() !== '' && !commands.includes(text)) commands.push(text);
    // `osascript -e 'do shell script "…"'`: the AppleScript's shell line runs too.
    for (const line of appleScriptShellLines(text))
      if (commands.length < MAX_SHELL_STRINGS && !commands.includes(line)) commands.push(line);
  };
  for (const script of scripts) add(script);
  const typed = fields.keys.has('input') || fields.keys.has('stdin') || fields.keys.has('keys') ? shellInputScript(fields) : undefined;
  if (typed !== undefined) add(typed);
  const foreign: string[] = [];
  // A tool named after its program (`/tools/kubectl {args: "delete ns prod"}`, `/tools/kubectl/run`) is handed that program's arguments.
  const cli = cliProgramOf(tool.name);
  // Argument arrays: `{cmd: ["bash", "-c", "…"]}`, `{command: "rm", args: ["-rf", "/"]}`, `{args: ["delete", "ns", "x"]}`.
  // The program another segment of the path names, read only when the call has a command list.
  let pathProgram: string | undefined;
  let pathRead = cli !== undefined;
  for (const array of fields.arrays) {
    const known = ARGV_KEYS.has(array.key);
    // Under another key (`{steps: ["kubectl", "delete", …]}`) a list is a command line when it starts with a program, on a tool that runs commands or under a key that says so.
    if (!known && (!looksLikeCommandList(array.items) || (!tool.shell && !COMMAND_LIST_KEY.test(array.key)))) continue;
    if (!pathRead) {
      pathProgram = programInToolPath(path);
      pathRead = true;
    }
    const named = array.key === 'command' || array.key === 'cmd' ? undefined : programOf(array.holder);
    const line = argvCommandLine(array.items, named, cli, pathProgram);
    // On a tool that runs nothing, a bare list counts only when it names or implies its program.
    if (
      named === undefined &&
      cli === undefined &&
      pathProgram === undefined &&
      !tool.shell &&
      array.key !== 'command' &&
      array.key !== 'cmd' &&
      line.length === array.items.length &&
      !looksLikeCommandList(array.items)
    )
      continue;
    add(line.map(shellQuote).join(' '));
  }
  // `/tools/terraform {subcommand: "destroy", flags: ["-auto-approve"]}`: the sub-command and its flags are one line.
  // `/tools/terraform/run {subcommand: …}`: the program may be named by an earlier segment of the path.
  const subcommand = SUBCOMMAND_KEY_LIST.some((key) => fields.keys.has(key))
    ? fields.strings.find((field) => !field.inArray && SUBCOMMAND_KEYS.has(field.key))
    : undefined;
  const subProgram = subcommand === undefined ? undefined : (cli ?? programInToolPath(path));
  if (subProgram !== undefined && subcommand !== undefined) {
    const flags = fields.arrays.filter((array) => FLAG_KEYS.has(array.key)).flatMap((array) => array.items);
    add(asProgramLine(subProgram, [subcommand.text, ...flags].map(shellQuote).join(' ')));
  }
  const arrayCommand = commands.length > 0;
  // `/tools/azure/cli {command: "aks delete …"}`, `/tools/cloud/exec {provider: "gcp", command: "projects delete …"}`:
  // bare sub-commands of a cloud program named by the path or a field, read also as that program's line.
  // Looked up only once a command field is seen (most calls have none).
  let implied: string | null | undefined = cli === undefined ? undefined : null;
  let commandFields = 0;
  for (const field of fields.strings) {
    if (implied !== null && !field.inArray && (COMMAND_KEYS.has(field.key) || ARGV_KEYS.has(field.key))) {
      implied ??= impliedCloudProgram(pathRead ? pathProgram : programInToolPath(path), fields.strings) ?? null;
      if (implied !== null) add(asProgramLine(implied, field.text));
    }
    if (cli !== undefined && (COMMAND_KEYS.has(field.key) || ARGV_KEYS.has(field.key)) && !field.inArray) {
      commandFields++;
      add(asProgramLine(cli, field.text));
      continue;
    }
    if (!COMMAND_KEYS.has(field.key)) continue;
    // `{shell: "cmd", line: "wbadmin delete catalog"}`: a field naming only the interpreter chooses it; the command is elsewhere.
    if (!field.inArray && INTERPRETER_CHOICE.test(field.text)) continue;
    // `script: ["echo start", "wget … | bash"]` (CI jobs): an array of whole lines is a script; argv items are read above.
    if (field.inArray && field.key !== 'commands' && !/\s/.test(field.text.trim())) continue;
    if (arrayCommand && argvHolder(field.holder)) continue;
    commandFields++;
    if (tool.shell || /[\s;|&$`<>(]/.test(field.text.trim())) add(field.text);
  }
  // `steps: [{run: "curl -o /tmp/a …"}, {run: "chmod +x /tmp/a && /tmp/a"}]`, `commands: ["…", "…"]`: the
  // steps of one call run in order, so together they are one script (a download, then its run).
  if (commandFields > 1) {
    const script = sequenceScript(fields);
    if (script !== undefined) add(script);
  }
  // A command line under a key of no known name (`komanda`, `befehl`, `instruction`): read when the
  // text starts with a program that deletes, wipes, fetches or runs others; only its critical findings count.
  if (!tool.shell && !tool.search) for (const field of fields.strings) if (commandShaped(field)) foreign.push(field.text);
  if (tool.shell && commandFields === 0 && !arrayCommand) {
    // `/tools/python/run {code}`: Python (or JavaScript, Ruby…) code is read as that interpreter's inline code, not as a shell line.
    const interpreter = fields.strings.some((field) => CODE_KEYS.has(field.key)) ? codeToolInterpreter(path, fields) : undefined;
    for (const field of fields.strings) {
      if (NON_COMMAND_KEYS.has(field.key) || field.inArray) continue;
      add(interpreter !== undefined && CODE_KEYS.has(field.key) ? `${interpreter} ${shellQuote(field.text)}` : field.text);
    }
  }
  for (const text of foreign) {
    const result = shellMemo(text);
    if (result.class !== 'critical') continue;
    for (const reason of result.reasons) findings.add('critical', `${reason} (a command line under an unnamed key)`);
    commands.push(text);
  }
  // `/tools/diskpart/script {script: "select disk 0\nclean all"}`: a script handed to a tool named after the Windows program that reads it.
  const scriptProgram = commands.length > 0 ? WINDOWS_SCRIPT_PROGRAM.exec(path)?.[1] : undefined;
  for (const command of commands) {
    if (foreign.includes(command)) continue;
    if (scriptProgram !== undefined) assessWindowsCommand(`${scriptProgram}\n${command}`, findings);
    const result = shellMemo(command);
    // On a tool that is not a shell, a `command` field the shell parser rejects was probably not
    // shell (a JS snippet, an editor sub-command): only its critical patterns count.
    if (!tool.shell && result.class !== 'critical' && result.reasons.some((reason) => reason.startsWith('shell: could not parse')))
      continue;
    findings.merge(result);
    assessHiddenShell(command, findings);
    assessWindowsCommand(command, findings);
    assessEmptyMirror(command, findings);
    assessEmptyPrune(command, stdinTexts(fields), findings);
    assessShellHttpDeletes(command, findings);
    assessShellDeviceWipes(command, findings);
  }
  if (tool.shell && commands.length === 0)
    findings.add('high', `shell: tool \`${tool.name}\` runs commands (no command found in the payload)`);
  return commands;
}

/** A tool path segment naming a Windows program that reads a script of its own commands. */
const WINDOWS_SCRIPT_PROGRAM = /\/(diskpart|wbadmin|bcdedit|vssadmin|wmic|netsh|reg)(?:\.exe)?(?:\/|$)/i;

/** What a call hands a command on its standard input (`{stdin: "…"}`). */
function stdinTexts(fields: PayloadFields): string[] {
  return fields.strings.filter((field) => STDIN_KEYS.has(field.key)).map((field) => field.text);
}
const STDIN_KEYS = new Set(['stdin', 'input', 'stdin_text', 'input_text']);

/** The bare name of a shell or interpreter (`cmd`, `powershell.exe`, `/bin/bash`), as a field choosing one holds. */
const INTERPRETER_CHOICE = /^\s*(?:\/(?:usr\/)?bin\/)?(?:cmd|powershell|pwsh|bash|sh|zsh|dash|ksh|fish)(?:\.exe)?\s*$/i;

/** The command fields of a call's steps (the same key under one parent), joined in order; undefined when there is no sequence. */
function sequenceScript(fields: PayloadFields): string | undefined {
  let key: string | undefined;
  let parent: string | undefined;
  const parts: string[] = [];
  for (const field of fields.strings) {
    if (!COMMAND_KEYS.has(field.key)) continue;
    if (key === undefined) {
      key = field.key;
      parent = field.parentKey;
    } else if (field.key !== key || field.parentKey !== parent) continue;
    parts.push(field.text);
  }
  return parts.length > 1 ? parts.join('\n') : undefined;
}

/** Programs whose command line, under any key, is worth parsing. */
const PROGRAM_START =
  /^\s*(?:sudo\s+)?(?:bash|sh|zsh|dash|rm|dd|mkfs(?:\.\w+)?|shred|wipefs|curl|wget|kubectl|aws|gcloud|az|terraform|helm|psql|mysql|python3?|node|perl|ruby|powershell|pwsh|iptables|ufw|setenforce|scp|rsync|nc|ncat|eval|chmod|find|tar|cat|base64|xxd|echo)\s/;
/** Keys that hold prose or data, never a command line. */
const PROSE_KEY =
  /text|message|body|content|description|summary|subject|title|note|comment|prompt|query|question|answer|caption|reason|explanation|label|name|value|example|doc|readme|markdown|html|snippet|quote|log|output|result|error/;

/** Whether a key is of no known kind: not a command, path, SQL, code or prose key. Keys repeat across calls, so the answer is kept. */
const unnamedKeyMemo = memoizeKeys(
  (key: string) =>
    !COMMAND_KEYS.has(key) &&
    !NON_COMMAND_KEYS.has(key) &&
    !PATH_KEYS.has(key) &&
    !SQL_KEYS.has(key) &&
    !CODE_KEYS.has(key) &&
    !PROSE_KEY.test(key),
);

/** A string under an unknown key that is a command line (a program, then its arguments, on one or a few lines). */
function commandShaped(field: PayloadFields['strings'][number]): boolean {
  if (field.text.length < 6 || field.text.length > 2000 || !unnamedKeyMemo(field.key)) return false;
  return PROGRAM_START.test(field.text);
}

function argvHolder(holder: Record<string, unknown> | undefined): boolean {
  if (holder === undefined) return false;
  return Object.keys(holder).some((key) => ARGV_KEYS.has(key.toLowerCase()) && Array.isArray(holder[key]));
}

function programOf(holder: Record<string, unknown> | undefined): string | undefined {
  if (holder === undefined) return undefined;
  for (const key of PROGRAM_KEYS) {
    const value = holder[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Quotes one argument for the shell, so an argv array is parsed as exactly those words. */
function shellQuote(arg: string): string {
  if (/^[\w./:=,@%+-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Analyses the SQL statements of the payload into `out`. */
function classifySql(tool: ToolNameRisk, fields: PayloadFields, out: RiskAssessment[]): void {
  let count = 0;
  for (const field of fields.strings) {
    if (count >= MAX_SQL_STRINGS) break;
    const text = field.text;
    // `sqlStatement`, `query_text`, `consulta`: a key that names SQL in another spelling or language.
    const sqlField = SQL_KEYS.has(field.key) || sqlKeyMemo(field.key);
    let analyse = false;
    if (tool.sql) analyse = sqlField ? text.trim() !== '' : looksLikeSql(text);
    // A search tool's query is what to look for ("DROP TABLE vs TRUNCATE"), not a statement it runs.
    // Under a key that says SQL, a procedure call is SQL too (`{sql: "EXEC dbo.usp_TruncateAllTables"}`).
    else if (sqlField && !tool.search) analyse = SQL_SHAPE.test(text) || (field.key.includes('sql') && PROCEDURE_SHAPE.test(text));
    if (!analyse) continue;
    count++;
    out.push(analyzeSql(text));
    // What MySQL runs inside `/*! … */`, and what is built or run behind the parser's back.
    const opened = openExecutableComments(text);
    if (opened !== undefined) {
      const inside = analyzeSql(opened);
      out.push({ class: inside.class, reasons: inside.reasons.map((reason) => `${reason} (inside a MySQL executable comment)`) });
    }
    const tricks = assessSqlTricks(text);
    if (tricks !== undefined) out.push(tricks);
  }
}

/** File tools: a write to a persistence target, a delete of `/` or of a system file. */
/** Sub-commands of editor tools that only read (`{command: "view", path}`). */
const READ_SUBCOMMANDS = /^(?:view|read|get|list|cat|show|open|stat|search|find)$/i;

function classifyFileTargets(tool: ToolNameRisk, fields: PayloadFields, findings: Findings): void {
  const recursive = fields.keys.has('recursive') || fields.keys.has('force');
  const readsOnly = fields.strings.some(
    (field) => !field.inArray && /^(?:command|action|operation|mode|op)$/.test(field.key) && READ_SUBCOMMANDS.test(field.text.trim()),
  );
  if (readsOnly && !tool.fileDelete) return;
  for (const field of fields.strings) {
    if (!PATH_KEYS.has(field.key)) continue;
    const path = field.text.trim();
    if (path === '' || path.length > 4096) continue;
    if (tool.fileWrite) {
      const why = criticalWriteTarget(path);
      // A start-up place is judged by what the call writes there, when it shows it.
      const content = why !== undefined && runsAtStartup(why) ? writtenContent(fields) : undefined;
      const level = why === undefined ? undefined : content === undefined ? 'critical' : autostartContentClass(why, content);
      if (why !== undefined && level !== undefined)
        findings.add(
          level,
          `file: \`${tool.name}\` writes to ${why} ${quote(path)}${content === undefined ? '' : level === 'critical' ? " something that fetches, connects, hides a program or takes a command's name" : ' (an everyday setting)'}`,
        );
    }
    if (tool.fileDelete) {
      const root = rootLikeTarget(path);
      if (root !== undefined && (recursive || path === '/' || root === '~'))
        findings.add('critical', `file: \`${tool.name}\` deletes ${quote(root)}${recursive ? ' recursively' : ''}`);
      const why = protectedDeleteTarget(path);
      if (why !== undefined) findings.add('critical', `file: \`${tool.name}\` deletes ${why} ${quote(path)}`);
      // `C:\`, `D:/`, `C:\Windows\System32`: a Windows drive or the system's own folders.
      const drive = path.length <= 64 && path.includes(':') ? vitalWindowsPath(path) : undefined;
      if (drive !== undefined)
        findings.add('critical', `file: \`${tool.name}\` deletes the Windows drive or system folder ${quote(drive)}`);
    }
  }
}
