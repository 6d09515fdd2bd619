// What a live preview serves besides pages: the machine outputs (siteFiles.ts: kb-index.json, the island's data, `.md`
// files, packs, llms.txt, …) and the notes' assets (attachments with credentials redacted, KaTeX, mermaid), from memory
// at their build URLs, made again for each generation of the folder's data. `kb dev` (devServer.ts) and Astro's dev
// server for the portal's own components (src/integration/devPreview.ts) both answer with it.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import type { PackData } from '../../core/context/buildPackData.js';
import type { SitePack } from '../../core/site/sitePack.js';
import { noteAssets, type NoteAsset } from '../../node/site/emitNoteAssets.js';
import { siteDigests } from '../prepare/preparePacks.js';
import type { PreparedSite } from '../prepare/prepareSite.js';
import { redirectPagePath, siteFiles, type SiteFile } from '../emit/siteFiles.js';

export interface SiteFileSource {
  /** The folder as last prepared. */
  site: () => PreparedSite | undefined;
  /** Its pack data, once built. */
  packData: () => Promise<PackData | undefined> | undefined;
  packs: () => SitePack[];
  /** The portal's root URL path (base + prefix). */
  root: string;
  wholeSite: boolean;
}

const ASSET_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
};

/** The media type of a file by its extension. */
export const mediaType = (path: string) => ASSET_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/**
 * A request handler for the machine outputs and assets: calls `next` for any other URL. The files are listed once per
 * generation of the data (the first request after a change), their texts made when asked for.
 */
export function siteFileServer(source: SiteFileSource): (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void {
  let files: { site: PreparedSite; byPath: Map<string, SiteFile>; assets: Map<string, NoteAsset> } | undefined;
  return (req, res, next) => {
    const site = source.site();
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '').split(/[?#]/)[0]!);
    } catch {
      return next();
    }
    if (!site || !path.startsWith(source.root)) return next();
    // A page's URL ends in `/`, and the only files served here at such a URL are the pages of renamed notes' old URLs.
    // Any other page goes on at once: it never waits for the file list, which needs the pack data, which a saved note
    // makes stale (rebuilt in the background: ~1.5 s at 1,000 notes).
    const rel = path.slice(source.root.length);
    if (rel.endsWith('/') || rel === '') {
      const file = `${rel}index.html`;
      if (!site.redirects.some((r) => redirectPagePath(r, source.root) === file)) return next();
    }
    void (async () => {
      if (files?.site !== site) {
        const data = await source.packData();
        const list = siteFiles({
          model: site.model,
          bodies: site.result.bodies,
          packData: () => data!,
          digests: () => siteDigests(site),
          packs: source.packs,
          boards: () => site.boards,
          redirects: site.redirects,
          wholeSite: source.wholeSite,
        });
        const assets = noteAssets({ attachments: site.attachments, bodies: site.pageBodies }).files;
        files = { site, byPath: new Map(list.map((f) => [f.path, f])), assets: new Map(assets.map((a) => [a.output, a])) };
      }
      const asset = files.assets.get(rel);
      if (asset) {
        res.setHeader('Content-Type', mediaType(rel));
        if (asset.text !== undefined) return void res.end(asset.text); // a text attachment with credentials redacted
        return void createReadStream(asset.source).on('error', next).pipe(res);
      }
      const file = files.byPath.get(rel) ?? (rel.endsWith('/') ? files.byPath.get(`${rel}index.html`) : undefined);
      if (!file) return next();
      const text = file.text();
      res.setHeader('Content-Type', file.type);
      res.end(typeof text === 'string' ? text : [...text].join(''));
    })().catch(next);
  };
}
