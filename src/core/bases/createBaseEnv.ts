// Isomorphic: the rows every base of a site evaluates over (published notes, canvases and bases), built once from
// the index; and the formulas of one base, read once. `kb query`-style code (the build, later the browser and
// `kb mcp`) calls createBaseEnv, then runBase for each base.
import { compareStrings } from '../util/compare.js';
import { buildDay, parseDate } from './baseDates.js';
import type { BaseFile } from './baseFileSchema.js';
import { linkFrom } from './baseFunctions.js';
import type { BaseEnv, BaseRecord } from './baseRecord.js';
import { readProperties } from './noteProperties.js';
import { ExpressionSyntaxError, parseExpression, type Expr } from './parseExpression.js';

/** One file a base may list. */
export interface RecordSource {
  path: string;
  slug: string;
  title: string;
  tags: readonly string[];
  /** Its links as written (wikilink targets; a canvas's files). */
  links: readonly string[];
  /** The frontmatter as parsed (its properties). Default: none. */
  data?: unknown;
  /** Last updated, YYYY-MM-DD (git or frontmatter; the file system's time is never used). Default: none. */
  updated?: string | undefined;
  /** Created, YYYY-MM-DD (frontmatter `date` / `created`). */
  created?: string | undefined;
}

export interface BaseEnvOptions {
  /** A link target seen from a file, to the path it names (the site's link resolver). */
  resolve(target: string, from: string): string | undefined;
  /** The build's day, YYYY-MM-DD: `today()` and `now()`. */
  today: string;
}

/** The site's rows and the build's day, without formulas (withFormulas adds a base's). */
export function createBaseEnv(sources: readonly RecordSource[], options: BaseEnvOptions): BaseEnv {
  const { today, now } = buildDay(options.today);
  const base: BaseEnv = { records: new Map(), resolve: options.resolve, today, now, formulas: new Map() };
  const backlinks = new Map<string, Set<string>>();
  const records = new Map<string, BaseRecord>();
  for (const s of [...sources].sort((a, b) => compareStrings(a.path, b.path))) {
    const links = [...new Set(s.links.map((t) => options.resolve(t, s.path)).filter((p): p is string => p !== undefined && p !== s.path))].sort(compareStrings);
    for (const to of links) backlinks.set(to, (backlinks.get(to) ?? new Set()).add(s.path));
    const mtime = s.updated ? parseDate(s.updated) : undefined;
    const ctime = s.created ? parseDate(s.created) : undefined;
    records.set(s.path, {
      path: s.path,
      slug: s.slug,
      title: s.title,
      tags: s.tags,
      links,
      backlinks: [],
      properties: readProperties(s.data, (text) => linkFrom(text, undefined, base, s.path)),
      ...(mtime ? { mtime } : {}),
      ...(ctime ? { ctime } : {}),
    });
  }
  for (const [path, from] of backlinks) {
    const r = records.get(path);
    if (r) records.set(path, { ...r, backlinks: [...from].sort(compareStrings) });
  }
  return { ...base, records };
}

/** The env with one base's formulas read (a formula that cannot be read is reported where it is used). */
export function withFormulas(env: BaseEnv, base: BaseFile): BaseEnv {
  const formulas = new Map<string, Expr | ExpressionSyntaxError>();
  for (const [name, text] of Object.entries(base.formulas)) {
    try {
      formulas.set(name, parseExpression(text));
    } catch (err) {
      if (!(err instanceof ExpressionSyntaxError)) throw err;
      formulas.set(name, err);
    }
  }
  return { ...env, formulas };
}
