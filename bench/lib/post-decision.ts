// One POST /fabric/decisions of the benches' low-risk call over a kept-alive agent: its status, its
// answer's text and the time from sending to the answer's last byte (ms).
import { request, type Agent } from 'node:http';

export function postDecision(port: number, agent: Agent, key: string, body: string): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/fabric/decisions',
        agent,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
