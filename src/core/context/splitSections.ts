import { atxHeading } from '../model/atxHeading.js';
/** A Markdown body cut at its headings: each section's heading (none before the first) and its blocks. */
export interface Section {
  heading?: string | undefined;
  /** Heading depth 1–6; 0 for the text before the first heading. */
  depth: number;
  /** Blank-line-separated blocks, a fenced code block kept whole. */
  blocks: string[];
}

const FENCE = /^\s{0,3}(```|~~~)/; // a fenced code block opens or closes

/** Split a body into sections and blocks, never inside a code fence. */
export function splitSections(body: string): Section[] {
  const sections: Section[] = [{ depth: 0, blocks: [] }];
  let current = sections[0]!;
  let block: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = block.join('\n').trim();
    if (text) current.blocks.push(text);
    block = [];
  };
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence) {
      const h = atxHeading(line);
      if (h) {
        flush();
        current = { heading: h.text, depth: h.depth, blocks: [] };
        sections.push(current);
        continue;
      }
      if (line.trim() === '') {
        flush();
        continue;
      }
    }
    block.push(line);
  }
  flush();
  return sections.filter((s) => s.heading !== undefined || s.blocks.length > 0);
}
