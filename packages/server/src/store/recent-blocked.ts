// An agent's or key's recent blocked attempts, stored as a JSON list (`recent_blocked`). Issue 15: a
// decision reads the agent's and the key's list and writes both back, and nearly every list is empty:
// the empty list is known text both ways (four JSON calls per decision spared), the rest goes through
// JSON as before, so every value reads and writes exactly as it did.

export function recentBlockedOf(text: string): number[] {
  return text === '[]' ? [] : (JSON.parse(text) as number[]);
}

export function recentBlockedText(list: readonly number[]): string {
  return Array.isArray(list) && list.length === 0 ? '[]' : JSON.stringify(list);
}
