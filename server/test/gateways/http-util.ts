import http from 'node:http';
import type { AddressInfo } from 'node:net';

/* A tiny JSON HTTP server for the local gateways the adapter tests talk to. */

export type JsonHandler = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}) => { status: number; json: unknown } | Promise<{ status: number; json: unknown }>;

export async function jsonServer(handle: JsonHandler, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://x');
        let body: Record<string, unknown> | null = null;
        try {
          body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
        } catch {
          body = null;
        }
        const out = await handle({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out.json));
      })().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(err) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}
