// How each `.mdx` note of the folder is shown (prepareSite.ts): as data, through Astro, or as Markdown with a warning.
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import type { MdxNoteData } from '../../markdown/parseMdx.js';
import { cacheCodeKey } from '../../node/cache/cacheCode.js';
import { cachedMdxVerdicts } from '../../node/site/cachedMdxVerdicts.js';

/**
 * How each `.mdx` note is shown: those whose frontmatter is sound and whose trial compile succeeds within the render
 * deadline (checkMdx.ts) are read as MDX. Code that is data (mdxCodeCheck.ts) is read here, as the note is rendered
 * to HTML like Markdown (`data`, src/markdown/parseMdx.ts); more than data only with `trust` (`--trust-html`), and
 * only Astro's bundler can run it (`astro`). The others (broken YAML, a JSX error, code the build does not run, a
 * compile past the deadline) are rendered as Markdown, each with a warning; `timedOut` names those that hit the
 * deadline, for the summary's deadline line.
 */
export async function mdxNotes(
  notes: readonly NoteEntry[],
  bodies: ReadonlyMap<string, string>,
  mdxData: (note: NoteEntry) => MdxNoteData,
  deadlineMs: number,
  trust: boolean,
  cacheDir: string,
  warn: (line: string) => void,
): Promise<{ data: Set<string>; astro: Set<string>; timedOut: string[] }> {
  const candidates: NoteEntry[] = [];
  for (const note of notes) {
    if (note.format !== 'mdx') continue;
    if (note.warnings.some((w) => /not valid YAML|not a set of/.test(w))) warn(`${note.path}: frontmatter is broken, so the MDX is shown as plain Markdown.`);
    else candidates.push(note);
  }
  const verdicts = candidates.length
    ? await cachedMdxVerdicts(
        cacheDir,
        cacheCodeKey('mdxVerdict'),
        candidates.map((n) => ({ body: bodies.get(n.path) ?? '', data: mdxData(n) })),
        { deadlineMs, trust },
      )
    : [];
  const data = new Set<string>();
  const astro = new Set<string>();
  const timedOut: string[] = [];
  candidates.forEach((note, k) => {
    const v = verdicts[k]!;
    if (v.ok) (v.astro ? astro : data).add(note.path);
    else if ('timedOut' in v) {
      timedOut.push(note.path);
      warn(`${note.path}: MDX was still compiling at the render deadline (${deadlineMs / 1000} s); shown as plain Markdown.`);
    } else if (v.code)
      warn(
        v.code.kind === 'html'
          ? `${note.path}:${note.bodyLine + v.code.line - 1}: MDX holds HTML the build does not publish (${v.code.what}: only what the Markdown sanitiser allows); shown as plain Markdown, sanitised. Authors you trust: --trust-html keeps it.`
          : `${note.path}:${note.bodyLine + v.code.line - 1}: MDX holds JavaScript the build does not run (${v.code.what}: only data, frontmatter and the note's own constants); shown as plain Markdown. Authors you trust: --trust-html runs it.`,
      );
    else warn(`${note.path}: MDX does not compile (${v.reason}); shown as plain Markdown.`);
  });
  return { data, astro, timedOut };
}
