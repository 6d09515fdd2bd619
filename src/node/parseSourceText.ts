import matter from 'gray-matter';

const refuse = () => {
  throw new Error('only YAML frontmatter is read');
};
const NO_CODE_ENGINES = { js: refuse, javascript: refuse, coffee: refuse, coffeescript: refuse, cson: refuse };

/** A file's text as every later stage sees it: no byte-order mark, `\n` line ends. */
export function normaliseSourceText(raw: string): string {
  if (raw.charCodeAt(0) !== 0xfeff && !raw.includes('\r')) return raw; // most files: skip two regex passes
  return raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** gray-matter over one file's text, never throwing: a YAML error comes back with its file line. */
export function parseSourceText(raw: string): {
  data: unknown;
  body: string;
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number };
} {
  const text = normaliseSourceText(raw);
  const fence = /^---[ \t]*\n([\s\S]*?)\n?^(?:---|\.\.\.)[ \t]*$\n?/m.exec(text);
  const opens = text.startsWith('---\n') || text === '---';
  if (!opens) return { data: undefined, body: text };
  if (!fence || fence.index !== 0) {
    // An opening `---` with no closing one: the whole file is body, and that is worth a warning.
    return { data: undefined, body: text.replace(/^---\n/, ''), frontmatterText: '', yamlError: { message: 'frontmatter has no closing `---`', line: 1 } };
  }
  try {
    // Passing options turns off gray-matter's content cache, which would hold every file in memory.
    // Only YAML is ever parsed: gray-matter's `---js` engine would eval a note's code at build time.
    const parsed = matter(text, { excerpt: false, language: 'yaml', engines: NO_CODE_ENGINES });
    return { data: parsed.data, body: parsed.content, frontmatterText: fence[1] };
  } catch (err) {
    const e = err as { reason?: string; message?: string; mark?: { line?: number } };
    const line = locateYamlError(fence[1] ?? '') ?? (typeof e.mark?.line === 'number' ? e.mark.line + 2 : undefined);
    return {
      data: undefined,
      body: text.slice(fence[0].length),
      frontmatterText: fence[1] ?? '',
      yamlError: { message: e.reason ?? (e.message ?? 'invalid YAML').split('\n')[0]!, ...(line ? { line } : {}) },
    };
  }
}

const TOP_LEVEL = /^[^\s#]/; // a line at column 0 that is not a comment starts a top-level entry

/**
 * The file line (1-based, counting the opening `---`) of the entry that breaks the YAML. js-yaml reports
 * where it gave up, often the line after the mistake or the end of the block; parsing growing prefixes,
 * one top-level entry at a time, finds the first entry that cannot be read. Only runs for broken files.
 */
export function locateYamlError(frontmatter: string): number | undefined {
  if (frontmatter.length > 64 * 1024) return undefined; // re-parsing prefixes of a huge block would be quadratic
  const lines = frontmatter.split('\n').slice(0, 500);
  let start = 0;
  for (let end = 1; end <= lines.length; end++) {
    if (end < lines.length && !TOP_LEVEL.test(lines[end]!)) continue;
    try {
      matter(`---\n${lines.slice(0, end).join('\n')}\n---\n`, { excerpt: false, language: 'yaml', engines: NO_CODE_ENGINES });
    } catch (err) {
      const mark = (err as { mark?: { line?: number } }).mark?.line;
      const inEntry = typeof mark === 'number' && mark >= start && mark < end ? mark : start;
      return inEntry + 2;
    }
    start = end;
  }
  return undefined;
}
