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
