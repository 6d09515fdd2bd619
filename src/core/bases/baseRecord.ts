// Isomorphic: one file as a base sees it (a row), and what the evaluator may look up beside the row.
import type { DateValue, Value } from './baseValue.js';
import type { Expr, ExpressionSyntaxError } from './parseExpression.js';

/** A published note or page of the site, with what `file.*` and note properties read. */
export interface BaseRecord {
  /** Path in the knowledge folder (`guides/setup.md`, `boards/plan.canvas`). */
  path: string;
  /** Page slug, for links in the rendered view. */
  slug: string;
  title: string;
  /** Normalised tags, without `#`. */
  tags: readonly string[];
  /** Paths of the notes and pages it links to (resolved, deduplicated, sorted). */
  links: readonly string[];
  /** Paths of the notes and pages that link to it (sorted). */
  backlinks: readonly string[];
  /** Frontmatter properties, already read into values (noteProperties.ts). */
  properties: Readonly<Record<string, Value>>;
  /** Last updated: the git or frontmatter day the site shows (never the file system's time). */
  mtime?: DateValue | undefined;
  /** Created: frontmatter `date`/`created`, else the same as mtime. */
  ctime?: DateValue | undefined;
}

/** What every evaluation of one base shares: the rows, link resolution, the build's day and the formulas. */
export interface BaseEnv {
  /** Every row, by path (for `file("…")`, `link.asFile()`, `linksTo()`). */
  records: ReadonlyMap<string, BaseRecord>;
  /** A wikilink target seen from a file, to the path of the note or page it names. */
  resolve(target: string, from: string): string | undefined;
  today: DateValue;
  now: DateValue;
  /** The base's formulas, read once (one that could not be read is its syntax error, reported where it is used). */
  formulas: ReadonlyMap<string, Expr | ExpressionSyntaxError>;
}

/** One row being evaluated, the file that embeds the base (`this`), and a lambda's `value`/`index`/`acc`. */
export interface Scope {
  row: BaseRecord;
  self: BaseRecord | undefined;
  locals?: Readonly<Record<string, Value>> | undefined;
  /** Formula values of this row computed so far, and the ones being computed (a cycle check). */
  formulas: Map<string, Value>;
  computing: Set<string>;
}

/** A function or field the evaluator does not provide; the view says it could not compute it. */
export class UnsupportedError extends Error {
  constructor(readonly feature: string) {
    super(`${feature} is not supported`);
    this.name = 'UnsupportedError';
  }
}

/** A value of the wrong kind for an operation (`"a".round()`), a formula cycle, a bad regular expression. */
export class EvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluationError';
  }
}

export function newScope(row: BaseRecord, self: BaseRecord | undefined): Scope {
  return { row, self, formulas: new Map(), computing: new Set() };
}
