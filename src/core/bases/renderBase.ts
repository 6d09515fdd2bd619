// Isomorphic: one base, from its YAML text to sanitised HTML: a `.base` file's page, a ```base block in a note,
// an `![[file.base]]` embed. Self-contained on purpose (text + the site's rows + the day in, HTML and warnings
// out), so any Markdown pipeline that lets a module claim the `base` fence can call it.
import { escapeHtml } from '../util/escapeHtml.js';
import type { KbIssue } from '../util/issue.js';
import type { BaseEnv } from './baseRecord.js';
import { withFormulas } from './createBaseEnv.js';
import { parseBaseFile } from './parseBaseFile.js';
import { renderBaseHtml, type BaseHtmlLinks } from './renderBaseHtml.js';
import { runBase, type BaseResult } from './runBase.js';

/** The fence info string a note's base block is written with (```` ```base ````). */
export const BASE_FENCE = 'base';

export interface BaseSite {
  /** The site's rows and the build's day (createBaseEnv). */
  env: BaseEnv;
  links: BaseHtmlLinks;
}

export interface RenderedBase {
  html: string;
  /** Warnings naming the file (and line): the YAML, or the functions the base uses that are not supported. */
  issues: KbIssue[];
  /** Undefined when the text is not a base. */
  result: BaseResult | undefined;
}

/**
 * `text` is the base's YAML; `file` names it in warnings and is `this` (the note holding a block, or the
 * `.base` file); `line` is the file line of the text's first line. `view` picks one view by name (`![[x.base#View]]`).
 */
export function renderBase(text: string, site: BaseSite, where: { file: string; line?: number | undefined; view?: string | undefined }): RenderedBase {
  const parsed = parseBaseFile(text, where.file, where.line ?? 1);
  if (!parsed.base) {
    const why = parsed.issues[0]?.message ?? 'could not be read';
    return {
      html: `<div class="base"><div class="base-problems" role="note"><p>This base ${escapeHtml(why)}</p></div></div>`,
      issues: parsed.issues,
      result: undefined,
    };
  }
  const base = where.view ? { ...parsed.base, views: parsed.base.views.filter((v) => (v.name ?? v.type) === where.view) } : parsed.base;
  const picked = base.views.length || !where.view ? base : parsed.base;
  const result = runBase(picked, withFormulas(site.env, picked), { self: site.env.records.get(where.file) });
  const issues: KbIssue[] = result.unsupported.length
    ? [
        {
          severity: 'warning',
          code: 'base-unsupported',
          file: where.file,
          ...(where.line ? { line: where.line } : {}),
          message: `uses ${result.unsupported.join(', ')}, which ${result.unsupported.length === 1 ? 'is' : 'are'} not supported here; the view says what it could not compute.`,
        },
      ]
    : [];
  return { html: renderBaseHtml(result, site.links), issues, result };
}
