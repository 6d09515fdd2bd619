#!/usr/bin/env node
// A tiny static server for the built sites under test: serves DIR under the URL prefix BASE, maps
// folders to index.html, answers unknown paths with the site's 404.html (status 404), no caching.
//   node tests/e2e/serveStatic.mjs DIR PORT [BASE]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const [dirArg, portArg, baseArg = '/'] = process.argv.slice(2);
const root = resolve(dirArg ?? 'dist');
const base = `/${baseArg.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

function fileFor(urlPath) {
  if (!urlPath.startsWith(base)) return undefined;
  let rel;
  try {
    rel = decodeURIComponent(urlPath.slice(base.length));
  } catch {
    return undefined;
  }
  const abs = normalize(join(root, rel));
  if (abs !== root && !abs.startsWith(root + sep)) return undefined;
  if (existsSync(abs) && statSync(abs).isDirectory()) {
    // Directory URLs need their trailing slash, as on GitHub Pages.
    return urlPath.endsWith('/') ? (existsSync(join(abs, 'index.html')) ? join(abs, 'index.html') : undefined) : { redirect: `${urlPath}/` };
  }
  return existsSync(abs) ? abs : undefined;
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/__ready') {
    res.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/' && base !== '/') {
    res.writeHead(302, { Location: base }).end();
    return;
  }
  const found = fileFor(url.pathname);
  if (found && typeof found === 'object') {
    res.writeHead(301, { Location: found.redirect + url.search }).end();
    return;
  }
  if (!found) {
    const notFound = join(root, '404.html');
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(existsSync(notFound) ? readFileSync(notFound) : 'Not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(found)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' }).end(readFileSync(found));
}).listen(Number(portArg ?? 4391), '127.0.0.1', () => console.log('listening')); // a starter waits for this line
