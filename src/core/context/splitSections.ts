import { fenceAfter } from '../model/codeFence.js';
import { atxHeading } from '../model/atxHeading.js';
/** A Markdown body cut at its headings: each section's heading (none before the first) and its blocks. */
export interface Section {
  heading?: string | undefined;
  /** Heading depth 1–6; 0 for the text before the first heading. */
  depth: number;
  /** Blank-line-separated blocks, a fenced code block kept whole. */
  blocks: string[];
}

/** Split a body into sections and blocks, never inside a code fence. */
export function splitSections(body: string): Section[] {
  const sections: Section[] = [{ depth: 0, blocks: [] }];
  let current = sections[0]!;
  let block: string[] = [];
  let fence: string | undefined; // the open code fence (codeFence.ts: CommonMark's rule)
  const flush = () => {
    const text = block.join('\n').trim();
    if (text) current.blocks.push(text);
    block = [];
  };
  for (const line of body.split(/\r?\n/)) {
    const f = fenceAfter(fence, line);
    fence = f.open;
    if (!f.code) {
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
