/**
 * Where each note's body is in the full text (`kb-body-spans.json`): the full-text files (`llms-full.txt` or its
 * parts) and, for each note in kb search's scope, the file's number, the body's start and end (UTF-16 offsets, as
 * `String.prototype.slice` counts) and the whitespace its start lost to trimming. The island's and
 * `kb mcp --site`'s keyword search read bodies from the full text this way instead of from a second copy of
 * every note (llmsFullBodySpans writes it).
 */
export interface BodySpans {
  files: string[];
  notes: Record<string, [file: number, start: number, end: number, lead: string]>;
}

/**
 * The bodies of the spans' notes: each file that holds one is read once. A body is as written less its trailing whitespace,
 * so a keyword's first line, and its line number, are the ones the CLI finds in the file.
 */
export async function bodiesFromSpans(spans: BodySpans, read: (file: string) => Promise<string>): Promise<Map<string, string>> {
  // Only the files that hold a note of the spans (parts of team-shared notes or reviews may hold none).
  const needed = new Set(Object.values(spans.notes).map((span) => span[0]));
  const texts = await Promise.all(spans.files.map((f, i) => (needed.has(i) ? read(f) : undefined)));
  const bodies = new Map<string, string>();
  for (const [path, [file, start, end, lead]] of Object.entries(spans.notes)) {
    const text = texts[file];
    if (text === undefined) throw new Error(`kb-body-spans.json names file ${file}, which it does not list; rebuild the site.`);
    bodies.set(path, lead + text.slice(start, end));
  }
  return bodies;
}
