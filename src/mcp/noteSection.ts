import { readNoteDocument } from '../core/document/readNoteDocument.js';
/** A note's published Markdown (renderNoteMarkdown) cut into its frontmatter and body. */
export function splitNoteMarkdown(markdown: string): { frontmatter: string; body: string } {
  const end = markdown.startsWith('---\n') ? markdown.indexOf('\n---\n', 3) : -1;
  if (end < 0) return { frontmatter: '', body: markdown };
  return { frontmatter: markdown.slice(0, end + 5), body: markdown.slice(end + 5).replace(/^\n/, '') };
}

/** The headings of a body outside quotes and lists (its note document's), in order, with their 0-based lines. */
export function headingsOf(body: string): { text: string; depth: number; line: number }[] {
  return readNoteDocument(body).headings.map(({ text, depth, line }) => ({ text, depth, line }));
}

/**
 * One section of a body as written: its heading line and everything up to the next heading of the same or a
 * higher level (subsections included). The heading is matched case-insensitively, with or without its `#`s;
 * the first of equal headings wins. Undefined when no heading matches.
 */
export function sectionOf(body: string, heading: string): string | undefined {
  const wanted = normalise(heading);
  const headings = headingsOf(body);
  const at = headings.findIndex((h) => normalise(h.text) === wanted);
  if (at < 0) return undefined;
  const start = headings[at]!;
  const end = headings.slice(at + 1).find((h) => h.depth <= start.depth);
  const lines = body.split('\n');
  const text = lines.slice(start.line, end?.line ?? lines.length).join('\n');
  // Trailing white space becomes one line break (`/\s+$/` would backtrack on a long run of spaces mid-line).
  const trimmed = text.trimEnd();
  return trimmed.length < text.length ? `${trimmed}\n` : text;
}

function normalise(heading: string): string {
  return heading
    .replace(/^\s*#+\s*/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
