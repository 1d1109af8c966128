// The ceiling: a bare Fastify route on the same path that parses the JSON body and answers a
// fixed ~600-byte JSON object. No auth, no schema, no store: what Fastify alone costs here.
import Fastify from 'fastify';

const ANSWER = {
  decision_id: 'fd_0000000000000000000000',
  verdict: 'ALLOWED',
  blocked: false,
  enforcing: true,
  mode: 'enforce',
  path: '/tools/search_documents',
  stages: [
    { stage: 'identity', verdict: 'allow', enforcing: true, detail: 'agent key ak_000000000000 verified for agent `agent-00`', data: {} },
    { stage: 'trust', verdict: 'allow', enforcing: true, detail: 'trust state normal, risk low: runs', data: { state: 'normal' } },
    { stage: 'policy', verdict: 'allow', enforcing: true, detail: 'no tool rule matches /tools/search_documents', data: {} },
    { stage: 'approval', verdict: 'allow', enforcing: true, detail: 'no approval needed', data: {} },
  ],
};

const app = Fastify({ logger: false });
app.post('/fabric/decisions', async (request) => {
  const body = request.body as { path?: unknown };
  return { ...ANSWER, path: typeof body.path === 'string' ? body.path : ANSWER.path };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
