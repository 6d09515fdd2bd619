// One `.mdx` note's trial compile (checkMdx.ts runs it in a worker thread under the render deadline): whether it
// compiles, through MDX's own compiler with the data-only check (mdxCodeCheck.ts), and why not.
import { compile } from '@mdx-js/mdx';
import { MdxDataError, parseMdx, type MdxNoteData } from '../../markdown/parseMdx.js';
import { mdxCodeCheck, MdxCodeError } from './mdxCodeCheck.js';

/**
 * One note's verdict: it compiles (its code is data, or `astro`: it holds code only Astro's bundler can run, which
 * `--trust-html` allows), it does not (the compiler's first line), it holds code the build does not run
 * (mdxCodeCheck.ts: what, and its body line).
 */
export type CompileVerdict =
  { ok: true; astro?: true | undefined } | { ok: false; reason: string; code?: { what: string; line: number; kind: 'code' | 'html' } | undefined };

/**
 * The first line of a compile error: what the build's warning quotes. The note's code is checked to be data, and with
 * `data`, read as its page reads it (parseMdx.ts). Code that is more than data is refused, unless `trust`: then it must
 * compile as written, and the verdict says only Astro can run it (`astro`).
 */
export async function compileVerdict(body: string, trust = false, data?: MdxNoteData): Promise<CompileVerdict> {
  try {
    await compile(body, { remarkPlugins: [mdxCodeCheck] });
    if (data) parseMdx(body, data);
    return { ok: true };
  } catch (err) {
    const cause = err instanceof MdxCodeError || err instanceof MdxDataError ? err : (err as { cause?: unknown }).cause;
    if (trust && (cause instanceof MdxCodeError || cause instanceof MdxDataError)) return trustedVerdict(body);
    if (cause instanceof MdxCodeError) return { ok: false, reason: cause.message, code: { what: cause.what, line: cause.line, kind: cause.kind } };
    if (cause instanceof MdxDataError) return { ok: false, reason: `holds what the build does not read as data (${cause.message})` };
    return { ok: false, reason: firstLine(err) };
  }
}

/** A trusted note's code, as written: it compiles, for Astro's bundler to run. */
async function trustedVerdict(body: string): Promise<CompileVerdict> {
  try {
    await compile(body);
    return { ok: true, astro: true };
  } catch (err) {
    return { ok: false, reason: firstLine(err) };
  }
}

const firstLine = (err: unknown) => (err as Error).message.split('\n')[0] ?? 'unknown error';
