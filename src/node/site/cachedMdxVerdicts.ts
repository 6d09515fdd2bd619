// The `.mdx` trial compile's verdicts (checkMdx.ts), kept from one build to the next: a warm build, or `kb dev` as it
// starts, compiles only the `.mdx` notes whose text, data or trust changed. Without them, a folder holding one `.mdx`
// note paid a worker thread loading MDX's compiler (~0.8 s) on every start. A verdict is keyed by the note's body,
// its data, `--trust-html` and the compiler's code key (cacheCode.ts, `mdxVerdict`); a compile stopped at the deadline
// depends on the machine, so it is never kept. The file holds the verdicts of the last build only.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { checkMdx, type MdxCheckInput, type MdxCheckOptions, type MdxVerdict } from './checkMdx.js';
import type { CompileVerdict } from './compileVerdict.js';

export const MDX_VERDICTS_FILE = 'mdx-verdicts.json';

const verdictSchema: z.ZodType<CompileVerdict> = z.union([
  z.object({ ok: z.literal(true), astro: z.literal(true).optional() }).strict(),
  z
    .object({
      ok: z.literal(false),
      reason: z.string(),
      code: z
        .object({ what: z.string(), line: z.number(), kind: z.enum(['code', 'html']) })
        .strict()
        .optional(),
    })
    .strict(),
]);
const fileSchema = z.record(z.string(), verdictSchema);

/** A note's key: the compiler's code key, the trust, the body and the data it is read with. */
export function mdxVerdictKey(code: string, trust: boolean, input: MdxCheckInput): string {
  const { body, data } = typeof input === 'string' ? { body: input, data: undefined } : input;
  return createHash('sha256')
    .update(JSON.stringify([code, trust, data ?? null]))
    .update('\0')
    .update(body)
    .digest('hex')
    .slice(0, 32);
}

/** Each input's verdict, from `dir`'s file when it holds it, else compiled (checkMdx); the file is left with this build's verdicts. */
export async function cachedMdxVerdicts(dir: string, code: string, inputs: readonly MdxCheckInput[], options: MdxCheckOptions): Promise<MdxVerdict[]> {
  const file = join(dir, MDX_VERDICTS_FILE);
  const kept = readVerdicts(file);
  const trust = options.trust ?? false;
  const keys = inputs.map((input) => mdxVerdictKey(code, trust, input));
  const missing = keys.flatMap((key, i) => (kept[key] ? [] : [i]));
  const compiled = await checkMdx(
    missing.map((i) => inputs[i]!),
    options,
  );
  const verdicts: MdxVerdict[] = keys.map((key) => kept[key]!);
  missing.forEach((i, k) => (verdicts[i] = compiled[k]!));
  const next: Record<string, CompileVerdict> = {};
  verdicts.forEach((v, i) => {
    if (!('timedOut' in v)) next[keys[i]!] = v;
  });
  if (missing.length || Object.keys(kept).length !== Object.keys(next).length) writeFileAtomic(file, JSON.stringify(next));
  return verdicts;
}

/** The file's verdicts; none when it is missing or not what this code writes (it is then written again). */
function readVerdicts(file: string): Record<string, CompileVerdict> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
