import { z } from 'zod';

/**
 * One entry of `.claude/path-context.yaml` `paths:` (docs/cli.md § "kb discover"). Entries are checked one by
 * one so a bad entry is skipped with a warning instead of failing the whole file.
 */
export const pathContextEntrySchema = z
  .object({
    /** Folder; absolute, `~/…`, or relative to the working directory. Required: an entry without it is skipped. */
    path: z.string().min(1),
    /** Short name; default: the folder's base name. */
    alias: z.string().min(1).optional(),
    /** Only files matching one of these globs are considered. Default: all. */
    include: z.array(z.string()).default([]),
    /** Files matching these globs are removed, even when included. Default: none. */
    exclude: z.array(z.string()).default([]),
  })
  .passthrough();

export type PathContextEntryInput = z.input<typeof pathContextEntrySchema>;
export type PathContextEntry = z.infer<typeof pathContextEntrySchema>;

/** The file: `paths:` may be absent or empty (= no config). */
export const pathContextConfigSchema = z.object({ paths: z.array(z.unknown()).nullish() }).passthrough();

/** Parse the file's `paths:` into usable entries plus one warning per skipped entry. */
export function parsePathContextConfig(raw: unknown, file: string): { entries: PathContextEntry[]; warnings: string[] } {
  const top = pathContextConfigSchema.safeParse(raw ?? {});
  if (!top.success) return { entries: [], warnings: [`${file}: must be a mapping with a \`paths:\` list; ignored.`] };
  const entries: PathContextEntry[] = [];
  const warnings: string[] = [];
  (top.data.paths ?? []).forEach((item, i) => {
    const parsed = pathContextEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      const key = issue?.path.join('.') || '(entry)';
      const what = key === 'path' ? 'has no `path`' : `${key}: ${issue?.message}`;
      warnings.push(`${file}: paths[${i}] ${what}; entry skipped.`);
    }
  });
  return { entries, warnings };
}
