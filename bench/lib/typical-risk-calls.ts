// Everyday calls of about 300 B through different tools (HTTP post, file read, shell, small payment,
// chat message, SQL select): what the risk classifier sees on most decisions.
export const TYPICAL_CALLS: ReadonlyArray<{ path: string; payload: Record<string, unknown> }> = [
  {
    path: '/tools/http_request',
    payload: {
      method: 'POST',
      url: 'https://api.example.com/v1/tickets',
      body: { title: 'Checkout page slow on mobile', priority: 'p2', labels: ['perf', 'web'], assignee: 'ana' },
      headers: { 'content-type': 'application/json' },
    },
  },
  {
    path: '/tools/read_file',
    payload: {
      path: 'packages/server/src/routes/decisions.ts',
      start_line: 120,
      end_line: 220,
      encoding: 'utf8',
      reason: 'how a timeout is answered',
    },
  },
  {
    path: '/tools/shell',
    payload: { command: 'git log --oneline -n 20 -- packages/engine/src/risk && npm run test -- --grep classifier', cwd: '/srv/app' },
  },
  {
    path: '/tools/payments/create',
    payload: { amount: 42.5, currency: 'EUR', payee: 'supplier-118', memo: 'office supplies, order 7731', method: 'sepa' },
  },
  {
    path: '/tools/slack/post_message',
    payload: { channel: '#team-web', text: 'Deploy of web finished, error rate back to 0.1%. Thanks all for the quick rollback.' },
  },
  {
    path: '/tools/sql/query',
    payload: { sql: "SELECT id, status, total FROM orders WHERE customer_id = 4411 AND created_at > now() - interval '30 days' LIMIT 50" },
  },
];
