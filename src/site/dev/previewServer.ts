// `kb preview`: a built site served as a static host serves it: files under the site's base path, a folder's
// index.html at its URL with a trailing slash (a URL without it is redirected, as GitHub Pages does), the site's
// 404.html with status 404 for anything else. Nothing is rendered or bundled.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, relative } from 'node:path';
import { listenOn } from './listenOn.js';
import { mediaType } from './siteFileServer.js';

export interface PreviewServer {
  url: string;
  close: () => Promise<void>;
}

const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export async function startPreviewServer(input: { dir: string; base: string; port: number; host?: string | undefined }): Promise<PreviewServer> {
  const { dir, base } = input;
  const fileAt = (rel: string) => {
    const abs = normalize(join(dir, rel));
    if (relative(dir, abs).startsWith('..')) return undefined;
    return { abs, st: statSync(abs, { throwIfNoEntry: false }) };
  };
  const send = (res: import('node:http').ServerResponse, file: string, status = 200) => {
    const ext = /\.[^./]+$/.exec(file)?.[0]?.toLowerCase() ?? '';
    res.writeHead(status, { 'Content-Type': TEXT_TYPES[ext] ?? mediaType(file), 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/' && base !== '/') return void res.writeHead(302, { Location: base }).end();
    let rel: string | undefined;
    try {
      rel = url.pathname.startsWith(base) ? decodeURIComponent(url.pathname.slice(base.length)) : undefined;
    } catch {
      rel = undefined;
    }
    const found = rel === undefined ? undefined : fileAt(rel);
    if (found?.st?.isDirectory()) {
      if (!url.pathname.endsWith('/')) return void res.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
      const index = join(found.abs, 'index.html');
      if (statSync(index, { throwIfNoEntry: false })?.isFile()) return send(res, index);
    } else if (found?.st?.isFile()) return send(res, found.abs);
    const notFound = join(dir, '404.html');
    if (statSync(notFound, { throwIfNoEntry: false })?.isFile()) return send(res, notFound, 404);
    res.writeHead(404).end('not found');
  });
  const origin = await listenOn(server, input.port, input.host);
  return { url: `${origin}${base}`, close: () => new Promise<void>((done) => server.close(() => done())) };
}
