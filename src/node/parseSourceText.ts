import matter from 'gray-matter';

/** gray-matter over one file's text, never throwing: a YAML error comes back with its file line. */
export function parseSourceText(raw: string): {
  data: unknown;
  body: string;
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number };
} {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fence = /^---[ \t]*\n([\s\S]*?)\n?^(?:---|\.\.\.)[ \t]*$\n?/m.exec(text);
  const opens = text.startsWith('---\n') || text === '---';
  if (!opens) return { data: undefined, body: text };
  if (!fence || fence.index !== 0) {
    // An opening `---` with no closing one: the whole file is body, and that is worth a warning.
    return { data: undefined, body: text.replace(/^---\n/, ''), frontmatterText: '', yamlError: { message: 'frontmatter has no closing `---`', line: 1 } };
  }
  try {
    // Passing options turns off gray-matter's content cache, which would hold every file in memory.
    const parsed = matter(text, { excerpt: false });
    return { data: parsed.data, body: parsed.content, frontmatterText: fence[1] };
  } catch (err) {
    const e = err as { reason?: string; message?: string; mark?: { line?: number } };
    const line = typeof e.mark?.line === 'number' ? e.mark.line + 2 : undefined;
    return {
      data: undefined,
      body: text.slice(fence[0].length),
      frontmatterText: fence[1] ?? '',
      yamlError: { message: e.reason ?? (e.message ?? 'invalid YAML').split('\n')[0]!, ...(line ? { line } : {}) },
    };
  }
}
