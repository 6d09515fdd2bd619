// Isomorphic: a `.base` file's text (or a ```base block's) read into a BaseFile. A file that is not valid YAML or not
// a base is a warning naming the file and the line, never a failed build; its page says it could not be read.
import { LineCounter, parseDocument, isNode } from 'yaml';
import type { KbIssue } from '../util/issue.js';
import { baseFileSchema, type BaseFile } from './baseFileSchema.js';

export interface ParsedBase {
  base: BaseFile | undefined;
  issues: KbIssue[];
}

/** `file` names the warnings; `firstLine` is the file line of the text's first line (a block inside a note). */
export function parseBaseFile(text: string, file: string, firstLine = 1): ParsedBase {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const warn = (message: string, line?: number): KbIssue => ({ severity: 'warning', code: 'base-invalid', file, ...(line ? { line } : {}), message });
  if (doc.errors.length) {
    const err = doc.errors[0]!;
    return { base: undefined, issues: [warn(`is not valid YAML (${err.message.split('\n')[0]}); the base is not shown. Fix the YAML.`, lineAt(err.pos[0]))] };
  }
  // Aliases could expand a small file into a huge one: the document is read with a cap on alias expansion.
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    return { base: undefined, issues: [warn(`could not be read (${(err as Error).message}); the base is not shown.`)] };
  }
  const parsed = baseFileSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const node = doc.getIn(first.path, true);
    const line = isNode(node) && node.range ? lineAt(node.range[0]) : undefined;
    const where = first.path.length ? first.path.join('.') : 'the file';
    return {
      base: undefined,
      issues: [warn(`is not a base: ${where}: ${first.message}; the base is not shown. See docs/graph-canvas-bases.md for the syntax.`, line)],
    };
  }
  return { base: parsed.data, issues: [] };
}
