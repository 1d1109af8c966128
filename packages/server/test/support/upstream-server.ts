// A real upstream HTTP server on 127.0.0.1 for brokered-call tests: it records every request it
// gets and answers by path (echo, big, redirects, cookies, binary).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Upstream {
  port: number;
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startUpstream(
  routes: Record<string, (req: ReceivedRequest, res: import('node:http').ServerResponse) => void> = {},
): Promise<Upstream> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    // A broker that stops reading (size cap, refused redirect) aborts the exchange: expected here.
    req.on('error', () => {});
    res.on('error', () => {});
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(record);
      const path = (req.url ?? '/').split('?')[0];
      const handler = routes[path];
      if (handler) return handler(record, res);
      // Default: echo what arrived, as an upstream that reflects its request would.
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=abc; HttpOnly', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ method: record.method, url: record.url, headers: record.headers, body: record.body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
