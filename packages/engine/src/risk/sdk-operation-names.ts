// Cloud SDKs name one operation three ways: boto3 `stop_logging(`, JS v3 `new StopLoggingCommand(`,
// Go and .NET `svc.StopLogging(` / `StopLoggingAsync(`. The code rules read the snake_case form, so
// code in the other languages is also read with its CamelCase calls written that way.

/** A CamelCase call of two words or more, with the suffixes the SDKs add. */
const CAMEL_CALL = /\b(?:new\s+)?([A-Z][a-z]+(?:[A-Z]+[a-z0-9]*)+?)(?:Command|Async|WithContext|Request)?\s*\(/g;
const HAS_CAMEL_CALL = /[A-Z][a-z]+[A-Z]\w*\s*\(/;

/** `DeleteDBInstance` -> `delete_db_instance`. */
function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The code with its CamelCase SDK calls written as `.snake_case(`; undefined when it has none. */
export function snakeCaseOperations(code: string): string | undefined {
  if (code.length > 65536 || !HAS_CAMEL_CALL.test(code)) return undefined;
  CAMEL_CALL.lastIndex = 0;
  return code.replace(CAMEL_CALL, (_all, name: string) => `.${snake(name)}(`);
}

/** Keys that name the operation a generic cloud or admin tool performs. */
const OPERATION_FIELD = new Set([
  'action',
  'operation',
  'op',
  'method',
  'api',
  'api_action',
  'fn',
  'function',
  'rpc',
  'call',
  'operation_name',
  'api_name',
]);
/** `DeleteDetector`, `delete_detector`, `guardduty:DeleteDetector`, `cloudtrail.StopLogging`, `securityhub/DisableSecurityHub`. */
const OPERATION_NAME = /^(?:[\w-]{1,40}[:./])?([A-Za-z][A-Za-z0-9_]{2,60})$/;
/** A PowerShell cmdlet given as the operation (`Set-MpPreference`), its parameters as the sibling fields. */
const CMDLET = /^[A-Z][a-z]+-[A-Z]\w{2,60}$/;

/**
 * The operations a call names in its fields (`{service: "guardduty", action: "DeleteDetector"}`), written
 * as the code rules read them (`.delete_detector(`), and a cmdlet given with its parameters as fields
 * (`{action: "Set-MpPreference", DisableRealtimeMonitoring: true}`) as its command line; undefined when none.
 */
export function operationFieldCalls(fields: {
  strings: ReadonlyArray<{ key: string; text: string; inArray: boolean; holder: Record<string, unknown> | undefined }>;
}): string | undefined {
  const lines: string[] = [];
  for (const field of fields.strings) {
    if (field.inArray || !OPERATION_FIELD.has(field.key) || field.text.length > 100) continue;
    const text = field.text.trim();
    if (CMDLET.test(text) && field.holder !== undefined) {
      const parameters = Object.entries(field.holder)
        .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        .filter(([key]) => !OPERATION_FIELD.has(key.toLowerCase()))
        .slice(0, 32)
        .map(([key, value]) => `-${key} ${typeof value === 'boolean' ? (value ? '$true' : '$false') : String(value)}`);
      lines.push(`${text} ${parameters.join(' ')}`);
      continue;
    }
    const name = OPERATION_NAME.exec(text)?.[1];
    if (name !== undefined && /[A-Z_]/.test(name)) lines.push(`.${snake(name)}(`);
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}
