import type { KbIssue } from '../util/issue.js';
import type { AliasEntry } from './parseAliasesMd.js';

/**
 * Merge alias entries into one alias → canonical map. Errors (which stop the index):
 * a chain (`x` → `y` → `z`), an alias declared twice with different targets, an alias that a note uses as a tag.
 */
export function resolveAliases(entries: readonly AliasEntry[], declared: ReadonlyMap<string, string[]>, issues: KbIssue[]): Record<string, string> {
  const map: Record<string, string> = {};
  const where = new Map<string, AliasEntry>();
  const at = (e: AliasEntry) => `${e.file}${e.line ? `:${e.line}` : ''}`;
  for (const e of entries) {
    if (e.alias === e.canonical) continue;
    const prev = where.get(e.alias);
    if (prev && prev.canonical !== e.canonical) {
      issues.push({
        severity: 'error',
        code: 'alias-conflict',
        file: e.file,
        line: e.line,
        message: `alias \`${e.alias}\` points at \`${e.canonical}\` here but at \`${prev.canonical}\` in ${at(prev)}. Keep one.`,
      });
      continue;
    }
    map[e.alias] = e.canonical;
    where.set(e.alias, e);
  }
  for (const [alias, canonical] of Object.entries(map)) {
    const e = where.get(alias)!;
    const next = where.get(canonical);
    if (next) {
      issues.push({
        severity: 'error',
        code: 'alias-chain',
        file: e.file,
        line: e.line,
        message: `alias chain \`${alias}\` → \`${canonical}\` → \`${next.canonical}\` (${at(e)}, ${at(next)}): aliases must point straight at a canonical tag. Write \`${alias}\` → \`${next.canonical}\`.`,
      });
    }
    const users = declared.get(alias);
    if (users?.length) {
      issues.push({
        severity: 'error',
        code: 'alias-collision',
        file: e.file,
        line: e.line,
        message: `alias \`${alias}\` (${at(e)}) is also a tag declared by ${users.join(', ')}. Retag those files as \`${canonical}\` or drop the alias.`,
      });
    }
  }
  return map;
}
