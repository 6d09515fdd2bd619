// The tree's naming rules (CONTRIBUTING § The house): one meaning per module name across src/, and a long file
// says why it is long. A newcomer who finds `x.ts` finds the only `x`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const MODULE = /\.(ts|mts|mjs|astro)$/;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : MODULE.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** A route's file name is Astro's (`index.astro`, `[slug].astro`), and `index.ts` is a folder's entry: those may repeat. */
const mayRepeat = (name: string) => /^index\.(ts|astro)$/.test(name) || name.startsWith('[');

/** Files sharing a module name (its file name without the extension), by name. */
function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = file.split('/').pop() ?? file;
    if (mayRepeat(name)) continue;
    const stem = name.replace(MODULE, '');
    byName.set(stem, [...(byName.get(stem) ?? []), file]);
  }
  return Object.fromEntries([...byName].filter(([, all]) => all.length > 1));
}

describe('module names', () => {
  it('finds a name two folders share (the rule can fail)', () =>
    expect(sharedNames(['src/a/noteHtml.ts', 'src/b/noteHtml.astro', 'src/routes/index.astro', 'src/c/index.astro'])).toEqual({
      noteHtml: ['src/a/noteHtml.ts', 'src/b/noteHtml.astro'],
    }));

  it('no two modules in src/ share a name (index and route files aside)', () => expect(sharedNames(modules(SRC).map((f) => relative(SRC, f)))).toEqual({}));

  it('a source file over 400 lines says why near its top', () => {
    const long = modules(SRC)
      .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n') }))
      .filter(({ lines }) => lines.length > 400 && !lines.slice(0, 8).some((l) => /over 400 lines/i.test(l)))
      .map(({ file, lines }) => `${file} (${lines.length} lines)`);
    expect(long).toEqual([]);
  });
});
