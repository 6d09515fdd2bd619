import { documentLines, readNoteDocument } from '../document/readNoteDocument.js';
/** A Markdown body cut at its headings: each section's heading (none before the first) and its blocks. */
export interface Section {
  heading?: string | undefined;
  /** Heading depth 1–6; 0 for the text before the first heading. */
  depth: number;
  /** Blank-line-separated blocks, a fenced code block or display math kept whole. */
  blocks: string[];
}

/**
 * Split a body into sections at the headings its note document has outside quotes and lists, and each section
 * into blocks at blank lines, never inside fenced code or display math.
 */
export function splitSections(body: string): Section[] {
  const doc = readNoteDocument(body);
  const lines = documentLines(body);
  const sections: Section[] = [{ depth: 0, blocks: [] }];
  let current = sections[0]!;
  let block: string[] = [];
  const flush = () => {
    const text = block.join('\n').trim();
    if (text) current.blocks.push(text);
    block = [];
  };
  let h = 0; // the next heading
  let f = 0; // the next fence
  for (let i = 0; i < lines.length; i++) {
    while ((doc.headings[h]?.line ?? Infinity) < i) h++;
    while ((doc.fences[f]?.start ?? Infinity) < i) f++;
    const heading = doc.headings[h];
    if (heading?.line === i) {
      flush();
      current = { heading: heading.text, depth: heading.depth, blocks: [] };
      sections.push(current);
      i = heading.end - 1;
      h++;
      continue;
    }
    const fence = doc.fences[f];
    if (fence?.start === i) {
      block.push(...lines.slice(i, fence.end));
      i = fence.end - 1;
      f++;
      continue;
    }
    if (lines[i]!.trim() === '') flush();
    else block.push(lines[i]!);
  }
  flush();
  return sections.filter((s) => s.heading !== undefined || s.blocks.length > 0);
}
