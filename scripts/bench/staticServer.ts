// A tiny static server for the built site on 127.0.0.1 (random port), serving dist/ under the site's
// base path the way a static host does: `/x/` → `/x/index.html`, raw bytes (no compression).
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string, base = '/'): Promise<StaticServer> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let path = decodeURIComponent(url.pathname);
    if (!path.startsWith(base)) return send(res, 404, 'not under base');
    path = path.slice(base.length);
    const abs = normalize(join(root, path));
    if (abs !== normalize(root) && !abs.startsWith(normalize(root) + sep)) return send(res, 403, 'outside root');
    for (const candidate of path.endsWith('/') || path === '' ? [join(abs, 'index.html')] : [abs, join(abs, 'index.html')]) {
      try {
        if (!(await stat(candidate)).isFile()) continue;
        const body = await readFile(candidate);
        res.writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream', 'content-length': body.length });
        res.end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    send(res, 404, 'not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

function send(res: import('node:http').ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}
