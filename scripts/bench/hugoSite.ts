// The side-by-side: the same notes as a minimal Hugo site (note pages, a tags taxonomy, list pages), and that site
// with the search we ship added as a Hugo site adds it (Pagefind's CLI over its note pages).
// Notes' frontmatter is rewritten as JSON that Hugo always accepts: a note whose YAML is broken, or
// whose keys Hugo reads differently, must not stop Hugo any more than it stops our build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { measureProcess, type Measured } from './measureProcess.ts';

const CONFIG = `baseURL = "http://127.0.0.1/"
title = "kb-portal bench"
disableKinds = ["RSS"]
[taxonomies]
  tag = "tags"
`;

const LAYOUTS: Record<string, string> = {
  '_default/baseof.html':
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>{{ block "main" . }}{{ end }}</main></body></html>\n',
  '_default/single.html':
    '{{ define "main" }}<h1>{{ .Title }}</h1><p>{{ range .GetTerms "tags" }}<a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}</p>{{ .Content }}{{ end }}\n',
  '_default/list.html':
    '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> ({{ len .Pages }})</li>{{ end }}</ul>{{ end }}\n',
};

/** Hugo's version line, or undefined when `hugo` is not on PATH. */
export function hugoVersion(): string | undefined {
  const r = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** One note as a Hugo page: JSON frontmatter with title, tags and date, then the body unchanged. */
export function toHugoPage(text: string, fileName: string): string {
  const { fm, body } = splitFrontmatter(text);
  const data = readLoosely(fm);
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : (heading ?? basename(fileName).replace(/\.mdx?$/i, ''));
  const tags = toTags(data.tags);
  const date = typeof data.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.date) ? data.date : undefined;
  const json = JSON.stringify({ title, tags, ...(date ? { date } : {}) }, null, 1);
  return `${json}\n\n${body}`;
}

function splitFrontmatter(text: string): { fm: string; body: string } {
  // "---" line · lazily anything · newline "---" line; the rest is the body
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? { fm: m[1]!, body: text.slice(m[0].length) } : { fm: '', body: text };
}

/** YAML when it parses, else a line-by-line reading of `title:`, `tags:` and `date:`. */
function readLoosely(fm: string): Record<string, unknown> {
  if (!fm) return {};
  try {
    const data: unknown = parse(fm);
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const d = data as Record<string, unknown>;
      const date = d.date instanceof Date ? d.date.toISOString().slice(0, 10) : d.date;
      return { ...d, date: typeof date === 'string' ? date.slice(0, 10) : undefined };
    }
  } catch {
    // fall through to the line reading
  }
  const out: Record<string, unknown> = {};
  const lines = fm.split(/\r?\n/);
  lines.forEach((line, i) => {
    const m = /^(title|tags|date):\s*(.*)$/.exec(line);
    if (!m) return;
    const [, key, value] = m;
    if (key === 'tags' && value === '') {
      const items: string[] = [];
      for (let j = i + 1; j < lines.length && /^\s+-\s+/.test(lines[j]!); j++) items.push(lines[j]!.replace(/^\s+-\s+/, ''));
      out.tags = items;
    } else out[key!] = value!.replace(/^["']|["']$/g, '');
  });
  return out;
}

function toTags(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.replace(/^\[|\]$/g, '').split(',') : [];
  const tags = items.map((t) => String(t).trim().replace(/^#/, '').toLowerCase()).filter((t) => /[a-z0-9]/.test(t));
  return [...new Set(tags)];
}

/** Write the Hugo site for the given notes (paths relative to kbDir). */
export function writeHugoSite(kbDir: string, notePaths: readonly string[], siteDir: string): void {
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'hugo.toml'), CONFIG);
  for (const [file, text] of Object.entries(LAYOUTS)) {
    mkdirSync(dirname(join(siteDir, 'layouts', file)), { recursive: true });
    writeFileSync(join(siteDir, 'layouts', file), text);
  }
  const made = new Set<string>();
  for (const path of notePaths) {
    const target = join(siteDir, 'content', 'notes', path.replace(/^(\.\.\/)+/, '').replace(/\.mdx$/i, '.md'));
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    writeFileSync(target, toHugoPage(readFileSync(join(kbDir, path), 'utf8'), path));
  }
}

/** A cold Hugo build: no public/, no resources/, a fresh cache folder. */
export async function buildHugo(siteDirArg: string): Promise<Measured> {
  const siteDir = resolve(siteDirArg);
  for (const d of ['public', 'resources', '.hugo-cache']) rmSync(join(siteDir, d), { recursive: true, force: true });
  return measureProcess('hugo', ['--source', siteDir, '--destination', join(siteDir, 'public'), '--cacheDir', join(siteDir, '.hugo-cache'), '--quiet']);
}

/**
 * Pagefind's CLI over the Hugo site's note pages (`notes/`, as our build indexes only note pages), as a Hugo site adds
 * the search we ship: `npx pagefind --site public`. Run after buildHugo, before public/ is removed.
 */
export async function searchHugo(siteDirArg: string, pagefindBin: string): Promise<Measured> {
  const publicDir = join(resolve(siteDirArg), 'public');
  return measureProcess(pagefindBin, ['--site', publicDir, '--glob', 'notes/**/*.html', '--output-path', join(publicDir, 'pagefind')]);
}

/** The number `Indexed N pages` in Pagefind's CLI output, or 0. */
export function pagefindPages(stdout: string): number {
  return Number(/Indexed (\d+) pages?/.exec(stdout)?.[1] ?? 0);
}
