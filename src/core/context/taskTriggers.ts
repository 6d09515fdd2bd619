/**
 * What in a task names codebases for "Files to Inspect": path literals and `@context <alias>`. Text inside code (fenced or inline), quotes and block quotes is not a trigger, so a
 * task that quotes an error message mentioning `/etc/hosts` does not aim discovery at it.
 */
export interface TaskTriggers {
  /** Path literals as written: `/…`, `~/…`, `C:\…`. */
  paths: string[];
  /** Aliases after `@context`. */
  aliases: string[];
}

// Spans that are not the author's own instruction: fenced code, inline code, quoted text.
const FENCED = /(```|~~~)[\s\S]*?(\1|$)/g;
const INLINE_CODE = /`[^`\n]*`/g;
const QUOTED = /"[^"\n]*"|“[^”\n]*”|(^|[\s(])'[^'\n]*'(?=[\s).,;:!?]|$)/g;
const BLOCKQUOTE = /^\s*>.*$/gm;
// `@context` then an alias: letters, digits, `.`, `_`, `-`.
const AT_CONTEXT = /(?:^|\s)@context\s+([\w.-]+)/g;
// A path at the start of a word: `~/x`, `/x/y`, or `C:\x`; trailing punctuation is trimmed afterwards.
const PATH = /(?:^|[\s(,])(~\/[^\s,;()]*|~(?=[\s,;)]|$)|\/[^\s,;()]+|[A-Za-z]:\\[^\s,;()]*)/g;

export function taskTriggers(task: string): TaskTriggers {
  const plain = task.replace(FENCED, ' ').replace(BLOCKQUOTE, ' ').replace(INLINE_CODE, ' ').replace(QUOTED, '$1 ');
  const aliases = [...plain.matchAll(AT_CONTEXT)].map((m) => m[1]!.replace(/[.]+$/, ''));
  const withoutAt = plain.replace(AT_CONTEXT, ' ');
  const paths = [...withoutAt.matchAll(PATH)].map((m) => m[1]!.replace(/[.,:;!?]+$/, '')).filter((p) => p !== '/' && !/^\/\//.test(p));
  return { paths: [...new Set(paths)], aliases: [...new Set(aliases)] };
}
