import { slugify } from '../util/slugify.js';
import type { KbIssue } from '../util/issue.js';

/** A note as slugs are given: its path, and the `permalink:` of its frontmatter when it has one. */
export interface SlugSource {
  path: string;
  /** The frontmatter value as read (any type: it is checked here). */
  permalink?: unknown;
  /** The file line `permalink:` is on, when known. */
  line?: number | undefined;
}

/**
 * A permalink as a slug: a URL path written as the author likes (`/Publish/Permalinks/`, `about`), folders kept,
 * each part read as note paths are (lower case, anything but letters and digits a hyphen), so it is as safe as a
 * file name. Undefined when there is nothing left to name a page.
 */
export function permalinkSlug(value: string): string | undefined {
  const trimmed = value
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.html?$/i, '');
  if (!trimmed || !/[\p{L}\p{N}]/u.test(trimmed)) return undefined;
  return slugify(trimmed.replace(/\/{2,}/g, '/'));
}

/**
 * Every note's slug (its page is `/notes/<slug>/`): its `permalink:` when it has a usable one, else its path read
 * as a slug, the later of two equal path slugs (in path order) with `-2`, `-3`, …. Two notes with one permalink, or
 * a permalink that is another note's path slug, are errors naming both files (the build stops; the first permalink
 * in path order, or the permalink over a file name, keeps the URL, so the index stays whole for `kb check`).
 * `sources` are sorted by path.
 */
export function assignNoteSlugs(sources: readonly SlugSource[], issues: KbIssue[]): Map<string, string> {
  const fixed = new Map<string, string>(); // path → permalink slug
  const ownerOf = new Map<string, SlugSource>(); // permalink slug → note
  for (const src of sources) {
    const slug = readPermalink(src, issues);
    if (slug === undefined) continue;
    const owner = ownerOf.get(slug);
    if (owner) {
      issues.push(
        collision(
          src,
          `permalink "${String(src.permalink).trim()}" is also the permalink of ${owner.path}: two notes cannot share one URL (/notes/${slug}/). Give one of them another permalink.`,
        ),
      );
      continue;
    }
    ownerOf.set(slug, src);
    fixed.set(src.path, slug);
  }
  const taken = new Set(fixed.values());
  const out = new Map<string, string>();
  for (const src of sources) {
    const permalink = fixed.get(src.path);
    if (permalink !== undefined) {
      out.set(src.path, permalink);
      continue;
    }
    const base = slugify(src.path);
    const owner = ownerOf.get(base);
    if (owner)
      issues.push(
        collision(
          owner,
          `permalink "${String(owner.permalink).trim()}" gives this note the URL /notes/${base}/, which ${src.path} has from its file name. Choose another permalink, or rename ${src.path}.`,
        ),
      );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    out.set(src.path, slug);
  }
  return out;
}

function readPermalink(src: SlugSource, issues: KbIssue[]): string | undefined {
  const raw = src.permalink;
  if (raw === undefined) return undefined;
  const slug = typeof raw === 'string' || typeof raw === 'number' ? permalinkSlug(String(raw)) : undefined;
  if (slug === undefined)
    issues.push({
      severity: 'warning',
      code: 'permalink-invalid',
      file: src.path,
      ...(src.line ? { line: src.line } : {}),
      message: 'permalink is not a URL path (write it as `permalink: folder/name`); the note keeps the URL of its file name.',
    });
  return slug;
}

const collision = (src: SlugSource, message: string): KbIssue => ({
  severity: 'error',
  code: 'permalink-collision',
  file: src.path,
  ...(src.line ? { line: src.line } : {}),
  message,
});
