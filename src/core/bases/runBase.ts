// Isomorphic: a base evaluated over the site's rows: every view's filtered, sorted, limited and grouped rows with
// their cells. The same result serves the build (rendered to HTML by renderBaseHtml.ts) and, later, the browser and
// `kb mcp`. What a view could not compute (an unsupported function, a value of the wrong kind) is listed in the
// view's `problems` and in `unsupported`, never thrown.
import { compareStrings } from '../util/compare.js';
import { newScope, UnsupportedError, type BaseEnv, type BaseRecord, type Scope } from './baseRecord.js';
import type { BaseFile, BaseFilter, BaseView } from './baseFileSchema.js';
import { displayText, sortOrder, truthy, type Value } from './baseValue.js';
import { evaluate, isEvaluationProblem } from './evaluateExpression.js';
import { ExpressionSyntaxError, parseExpression, type Expr } from './parseExpression.js';

export type BaseLayout = 'table' | 'cards' | 'list';

export interface BaseColumn {
  /** As the base names it: `file.name`, `note.status`, `formula.ppu`. */
  id: string;
  label: string;
}

export interface BaseRow {
  path: string;
  slug: string;
  title: string;
  /** One per column. */
  cells: Value[];
  /** Cards: the value of the view's `image` property. */
  image?: Value | undefined;
}

export interface BaseGroup {
  /** The groupBy value as text (`''` for rows without one); undefined when the view is not grouped. */
  label: string | undefined;
  rows: BaseRow[];
}

export interface BaseViewResult {
  name: string;
  /** How it is shown: a type this portal does not draw is shown as a table. */
  layout: BaseLayout;
  /** The type the base asked for. */
  type: string;
  columns: BaseColumn[];
  groups: BaseGroup[];
  /** Rows that passed the filters, before `limit`. */
  total: number;
  /** What this view could not compute, each said once. */
  problems: string[];
}

export interface BaseResult {
  views: BaseViewResult[];
  /** Functions and fields used but not supported (`html()`, `file.size`), sorted: the build warns naming them. */
  unsupported: string[];
}

type Compiled = { kind: 'expr'; text: string; expr: Expr | ExpressionSyntaxError } | { kind: 'and' | 'or' | 'not'; items: Compiled[] };

const LAYOUTS = new Set<string>(['table', 'cards', 'list']);

export interface RunBaseOptions {
  /** The file that shows the base (`this`): the note holding a block, or the `.base` file itself. */
  self?: BaseRecord | undefined;
}

export function runBase(base: BaseFile, env: BaseEnv, options: RunBaseOptions = {}): BaseResult {
  const unsupported = new Set<string>();
  const rows = [...env.records.values()].sort((a, b) => compareStrings(a.path, b.path));
  const global = base.filters === undefined ? undefined : compile(base.filters);
  const views = (base.views.length ? base.views : [{ type: 'table' } as BaseView]).map((view) => runView(base, view, global, rows, env, options, unsupported));
  return { views, unsupported: [...unsupported].sort(compareStrings) };
}

function runView(
  base: BaseFile,
  view: BaseView,
  global: Compiled | undefined,
  all: readonly BaseRecord[],
  env: BaseEnv,
  options: RunBaseOptions,
  unsupported: Set<string>,
): BaseViewResult {
  const problems = new Set<string>();
  const note = (what: string, err: unknown) => {
    if (err instanceof UnsupportedError) {
      unsupported.add(err.feature);
      problems.add(`${what}: ${err.feature} is not supported here, so it was not computed`);
    } else if (err instanceof ExpressionSyntaxError) problems.add(`${what}: ${err.message}`);
    else if (isEvaluationProblem(err)) problems.add(`${what}: ${err.message}`);
    else throw err;
  };
  const local = view.filters === undefined ? undefined : compile(view.filters);
  const scopes = new Map<string, Scope>();
  const scopeOf = (row: BaseRecord) => {
    let s = scopes.get(row.path);
    if (!s) scopes.set(row.path, (s = newScope(row, options.self)));
    return s;
  };
  const value = (expr: Expr | ExpressionSyntaxError, what: string, row: BaseRecord): Value => {
    if (expr instanceof ExpressionSyntaxError) {
      note(what, expr);
      return null;
    }
    try {
      return evaluate(expr, env, scopeOf(row));
    } catch (err) {
      note(what, err);
      return null;
    }
  };
  const passes = (f: Compiled | undefined, row: BaseRecord): boolean | undefined => {
    if (!f) return true;
    if (f.kind === 'expr') {
      if (f.expr instanceof ExpressionSyntaxError) return (note(`filter “${f.text}”`, f.expr), undefined);
      try {
        return truthy(evaluate(f.expr, env, scopeOf(row)));
      } catch (err) {
        note(`filter “${f.text}”`, err);
        return undefined; // unknown: the row is left out, and the view says why
      }
    }
    const results = f.items.map((item) => passes(item, row));
    if (f.kind === 'and') return results.includes(false) ? false : results.includes(undefined) ? undefined : true;
    if (f.kind === 'or') return results.includes(true) ? true : results.includes(undefined) ? undefined : false;
    return results.includes(true) ? false : results.includes(undefined) ? undefined : true; // not: none of them
  };

  const matching = all.filter((row) => passes(global, row) === true && passes(local, row) === true);
  const sortKeys = (view.sort ?? []).map((k) => ({ ...k, expr: columnExpr(k.property) }));
  const keyed = matching.map((row) => ({ row, keys: sortKeys.map((k) => value(k.expr, `sort by ${k.property}`, row)) }));
  keyed.sort((a, b) => {
    for (const [i, k] of sortKeys.entries()) {
      const order = sortOrder(a.keys[i]!, b.keys[i]!);
      if (order) return a.keys[i] === null || b.keys[i] === null ? order : k.direction === 'DESC' ? -order : order;
    }
    return compareStrings(a.row.path, b.row.path);
  });
  const limited = view.limit === undefined ? keyed : keyed.slice(0, view.limit);

  const order = view.order?.length ? view.order : ['file.name'];
  const columns: BaseColumn[] = order.map((id) => ({ id, label: columnLabel(base, id) }));
  const columnExprs = order.map(columnExpr);
  const imageExpr = view.image ? columnExpr(view.image) : undefined;
  const toRow = ({ row }: { row: BaseRecord }): BaseRow => ({
    path: row.path,
    slug: row.slug,
    title: row.title,
    cells: columnExprs.map((expr, i) => value(expr, columns[i]!.id, row)),
    ...(imageExpr ? { image: value(imageExpr, `image ${view.image}`, row) } : {}),
  });
  const groups = view.groupBy
    ? groupRows(limited, view.groupBy, (row) => value(columnExpr(view.groupBy!.property), `group by ${view.groupBy!.property}`, row), toRow)
    : [{ label: undefined, rows: limited.map(toRow) }];
  if (!LAYOUTS.has(view.type)) problems.add(`the ${view.type} view is not drawn here; shown as a table`);
  if (base.summaries && Object.keys(base.summaries).length) problems.add('summaries are not computed here');
  return {
    name: view.name ?? view.type,
    layout: LAYOUTS.has(view.type) ? (view.type as BaseLayout) : 'table',
    type: view.type,
    columns,
    groups,
    total: matching.length,
    problems: [...problems],
  };
}

function groupRows<T extends { row: BaseRecord }>(
  rows: readonly T[],
  by: { direction: 'ASC' | 'DESC' },
  key: (row: BaseRecord) => Value,
  toRow: (r: T) => BaseRow,
): BaseGroup[] {
  const groups = new Map<string, { value: Value; rows: BaseRow[] }>();
  for (const r of rows) {
    const value = key(r.row);
    const label = displayText(value);
    const group = groups.get(label) ?? { value, rows: [] };
    group.rows.push(toRow(r));
    groups.set(label, group);
  }
  const sorted = [...groups.entries()].sort(([la, a], [lb, b]) => {
    const order = sortOrder(a.value, b.value);
    if (a.value === null || b.value === null) return order;
    return (by.direction === 'DESC' ? -order : order) || compareStrings(la, lb);
  });
  return sorted.map(([label, g]) => ({ label, rows: g.rows }));
}

function compile(filter: BaseFilter): Compiled {
  if (typeof filter === 'string') return { kind: 'expr', text: filter, expr: tryParse(filter) };
  if ('and' in filter) return { kind: 'and', items: filter.and.map(compile) };
  if ('or' in filter) return { kind: 'or', items: filter.or.map(compile) };
  return { kind: 'not', items: filter.not.map(compile) };
}

function tryParse(text: string): Expr | ExpressionSyntaxError {
  try {
    return parseExpression(text);
  } catch (err) {
    if (err instanceof ExpressionSyntaxError) return err;
    throw err;
  }
}

/** A column id as an expression: `file.name`, `note.status`, `formula.x`, or a bare property (`status`, `due date`). */
function columnExpr(id: string): Expr | ExpressionSyntaxError {
  const parsed = tryParse(id);
  if (!(parsed instanceof ExpressionSyntaxError)) return parsed;
  // A property whose name is not an expression (`note.due date`, `my-prop`): read it by name.
  const name = id.replace(/^note\./, '');
  return { type: 'index', object: { type: 'name', name: 'note', at: 0 }, index: { type: 'literal', value: name, at: 0 }, at: 0 };
}

function columnLabel(base: BaseFile, id: string): string {
  const bare = id.replace(/^note\./, '');
  const named = base.properties[id]?.displayName ?? base.properties[bare]?.displayName ?? base.properties[`note.${bare}`]?.displayName;
  if (named) return named;
  if (id === 'file.name') return 'Name';
  return bare.replace(/^(file|formula)\./, '');
}
