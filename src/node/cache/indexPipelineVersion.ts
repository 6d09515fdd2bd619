import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Bump when anything that turns one file into its FileFacts changes what it returns: parseSourceText,
 * scanSecrets, readSourceFrontmatter (and the frontmatter schema), readBody (and the note document it reads), countTokens,
 * scanLinks (the `links` fact), or the FileFacts shape (a new optional fact, absent from older entries, needs none). tests/unit/indexCache.test.ts fails with this reminder when the facts of its fixture change.
 */
export const INDEX_CACHE_VERSION = 9;

/** The libraries whose output is cached, as `[package, resolved from]` (js-yaml is gray-matter's own copy). */
const LIBRARIES: readonly (readonly [string, string?])[] = [
  ['gray-matter'],
  ['js-yaml', 'gray-matter'],
  ['gpt-tokenizer'],
  ['markdown-it'],
  ['markdown-it-footnote'],
  ['@secretlint/secretlint-rule-preset-recommend'],
  ['zod'],
];

let memo: string | undefined;

/**
 * The cache's version: the constant above, the versions of the libraries involved and the Unicode version
 * (the tokenizer's and the secret rules' regexes use Unicode classes). Entries from another version are never read.
 */
export function indexPipelineVersion(): string {
  memo ??= [
    `kb-index-facts/${INDEX_CACHE_VERSION}`,
    ...LIBRARIES.map(([name, via]) => `${name}@${packageVersion(name, via)}`),
    `unicode@${process.versions.unicode ?? '?'}`,
  ].join(' ');
  return memo;
}

function packageVersion(name: string, via?: string): string {
  try {
    const require = createRequire(import.meta.url);
    const from = via ? [dirname(require.resolve(via))] : undefined;
    let dir = dirname(require.resolve(name, from ? { paths: from } : undefined));
    for (;;) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest)) {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return pkg.version; // gpt-tokenizer's cjs/package.json has a name, no version
      }
      if (dirname(dir) === dir) return '?';
      dir = dirname(dir);
    }
  } catch {
    return '?';
  }
}
