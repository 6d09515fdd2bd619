import { normaliseTag } from '../tags/normaliseTag.js';

/** One alias line as found in a file. */
export interface AliasEntry {
  alias: string;
  canonical: string;
  file: string;
  line: number;
}

// "- `alias` → `canonical`" (also "->"); any other line is prose and ignored
const ALIAS_LINE = /^\s*[-*]\s+`([^`]+)`\s*(?:→|->)\s*`([^`]+)`/;

export function parseAliasesMd(text: string, file = 'aliases.md'): AliasEntry[] {
  const out: AliasEntry[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = ALIAS_LINE.exec(line);
    const alias = m && normaliseTag(m[1]);
    const canonical = m && normaliseTag(m[2]);
    if (alias && canonical) out.push({ alias, canonical, file, line: i + 1 });
  });
  return out;
}
