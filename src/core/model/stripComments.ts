import { fenceAfter } from './codeFence.js';

/**
 * Obsidian comments `%% … %%` (inline or over many lines) are never published: each is blanked out, its
 * line breaks kept so every later line keeps its number. Fenced code and inline code are left as written.
 */
export function stripComments(markdown: string): string {
  if (!markdown.includes('%%')) return markdown;
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inComment) {
      const step = fenceAfter(fence, line);
      fence = step.open;
      if (step.code) continue;
    }
    if (!line.includes('%%') && !inComment) continue;
    let out = '';
    let pos = 0;
    while (pos <= line.length) {
      if (inComment) {
        const close = line.indexOf('%%', pos);
        if (close < 0) break;
        inComment = false;
        pos = close + 2;
        continue;
      }
      const open = nextOpen(line, pos);
      if (open < 0) {
        out += line.slice(pos);
        break;
      }
      out += line.slice(pos, open);
      inComment = true;
      pos = open + 2;
    }
    lines[i] = out.trimEnd() === '' && line.trim() !== '' ? '' : out;
  }
  return lines.join('\n');
}

/** The next `%%` at or after `from` that is not inside an inline code span. */
function nextOpen(line: string, from: number): number {
  let inCode = '';
  for (let i = from; i < line.length; i++) {
    if (line[i] === '`') {
      let j = i;
      while (line[j] === '`') j++;
      const run = line.slice(i, j);
      if (!inCode) {
        if (line.indexOf(run, j) >= 0) inCode = run;
      } else if (run === inCode) inCode = '';
      i = j - 1;
      continue;
    }
    if (!inCode && line[i] === '%' && line[i + 1] === '%') return i;
  }
  return -1;
}
