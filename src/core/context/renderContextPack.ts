import { countJoined, startsClean } from './countBlocks.js';

/** A rendered note and its tokens with the separator after it (`\n` inside a list, `\n\n` after a block). */
export interface RenderedEntry {
  text: string;
  tokens: number;
}

/** A pack's content before it becomes Markdown: each section's lines, in the order. */
export interface PackModel {
  task: string;
  summary: string[];
  repoContext: string[];
  /**
   * Included buckets, then Other Notes (when any), then Pitfalls. Entries are rendered notes; a bucket with
   * none keeps its heading and says so in one line.
   */
  sections: ({ title: string; full: RenderedEntry[]; brief: RenderedEntry[] } | { title: string; none: string })[];
  files: string[];
  openQuestions: string[];
  /** One line each for the next-ranked notes, after Open Questions; no section when empty. */
  furtherReading?: RenderedEntry[] | undefined;
}

/** A block of the pack: text, one full entry, or a list of one-line entries. */
type Block = string | RenderedEntry | readonly RenderedEntry[];

/** The tail's heading. */
export const FURTHER_READING = '## Further reading';

/** Task → Context Summary → Repo/Project Context → buckets → Pitfalls → Files to Inspect → Open Questions (→ Further reading). */
function blocks(m: PackModel): Block[] {
  const out: Block[] = ['# Context pack', '## Task', m.task, '## Context Summary', m.summary.join('\n'), '## Repo/Project Context', m.repoContext.join('\n')];
  for (const s of m.sections) {
    out.push(`## ${s.title}`);
    if ('none' in s) {
      out.push(s.none);
      continue;
    }
    out.push(...s.full);
    if (s.brief.length > 0) out.push(s.brief);
  }
  out.push('## Files to Inspect', m.files.join('\n'), '## Open Questions', m.openQuestions.length ? m.openQuestions.map((q) => `- ${q}`).join('\n') : 'None.');
  // After the last fixed section, so their order stays whole and a reader who stops early misses the least.
  if (m.furtherReading?.length) out.push(FURTHER_READING, m.furtherReading);
  return out;
}

const textOf = (b: Block): string => (typeof b === 'string' ? b : 'text' in b ? b.text : b.map((e) => e.text).join('\n'));

export function renderContextPack(m: PackModel): string {
  return `${blocks(m).map(textOf).join('\n\n')}\n`;
}

/**
 * The o200k tokens of `renderContextPack(m)`, exactly, without tokenizing the entries again: their
 * counts come with them (buildPackData), and only the pack's own text is counted (see countBlocks.ts).
 */
export function countPackTokens(m: PackModel, count: (text: string) => number): number {
  const all = blocks(m);
  const first = (b: Block) => (typeof b === 'string' ? b : 'text' in b ? b.text : (b[0]?.text ?? ''));
  let total = 0;
  let run: string[] = [];
  const flush = (tail: string) => {
    if (run.length > 0) total += countJoined(run, '\n\n', tail, count);
    run = [];
  };
  all.forEach((b, k) => {
    const next = all[k + 1];
    const entries = typeof b === 'string' ? [] : 'text' in b ? [b] : b;
    // An entry's own count holds when it and what follows it start cleanly; else it is counted as text. A list
    // may end the pack: its last line is followed by the final newline, as it was counted.
    const last = next === undefined && typeof b !== 'string' && !('text' in b);
    if (
      entries.length === 0 ||
      (next === undefined && !last) ||
      (next !== undefined && !startsClean(first(next))) ||
      !entries.every((e) => startsClean(e.text))
    ) {
      run.push(textOf(b));
      return;
    }
    flush('\n\n');
    if (last) {
      total += entries.reduce((n, e) => n + e.tokens, 0);
      return;
    }
    const tail = entries[entries.length - 1]!;
    // A list's last line is followed by a blank line, not by the newline it was counted with.
    total += typeof b !== 'string' && 'text' in b ? b.tokens : entries.slice(0, -1).reduce((n, e) => n + e.tokens, 0) + count(`${tail.text}\n\n`);
  });
  flush('\n');
  return total;
}
