// The gateway's log: one line per event on stderr. stdout carries the MCP protocol and must stay
// clean, so nothing here may ever write there.
export type Logger = (line: string) => void;

/** Writes `actiongate-mcp: <line>` to stderr. */
export const stderrLogger: Logger = (line) => {
  process.stderr.write(`actiongate-mcp: ${line}\n`);
};
