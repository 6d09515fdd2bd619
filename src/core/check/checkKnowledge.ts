import type { KbIndex } from '../index/kbIndexSchema.js';
import type { BrokenLink } from '../links/findBrokenLinks.js';
import type { KbIssue } from '../util/issue.js';
import { compareStrings } from '../util/compare.js';

/** Two tags that look like one, and the one to keep. */
export interface SimilarTags {
  tags: [string, string];
  target: string;
  reason: 'plural' | 'hyphen' | 'abbreviation';
}

export interface CheckReport {
  /** YAML and other file problems, and alias errors, as found while indexing. */
  issues: KbIssue[];
  untagged: string[];
  similar: SimilarTags[];
  /** Freeform tags on 3+ notes: candidates for Known Tags. */
  promote: { tag: string; count: number }[];
  /** Freeform tags on 3+ notes that are ephemeral stamps, listed so nobody wonders where they went. */
  skippedStamps: { tag: string; count: number }[];
  /** Wikilinks, embeds, relative links and attachments that lead nowhere (file:line, closest note). */
  brokenLinks: BrokenLink[];
  /** Links into the folder that were checked (wikilinks, embeds, relative links, attachments). */
  linksChecked: number;
}

/** Common abbreviations a team writes for a longer tag. */
export const ABBREVIATIONS: Record<string, string> = {
  db: 'database',
  k8s: 'kubernetes',
  js: 'javascript',
  ts: 'typescript',
  auth: 'authentication',
  config: 'configuration',
  env: 'environment',
  repo: 'repository',
  docs: 'documentation',
  infra: 'infrastructure',
  perf: 'performance',
  deps: 'dependencies',
  pr: 'pull-request',
  ui: 'user-interface',
  ux: 'user-experience',
  ml: 'machine-learning',
  ai: 'artificial-intelligence',
  pg: 'postgres',
  rn: 'react-native',
  obs: 'observability',
  msg: 'message',
  impl: 'implementation',
};

// Ephemeral stamps: session (s12), plan/phase numbers, and two known one-offs.
const STAMPS = [/^s\d+$/, /^p-?\d+$/, /^phase-?\d+$/, /^plan-\d+[a-z]?$/, /^future-session-plan$/, /^soft-launch$/];

export function isEphemeralStamp(tag: string): boolean {
  return STAMPS.some((re) => re.test(tag));
}

function singular(tag: string): string {
  if (/ies$/.test(tag)) return tag.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(tag)) return tag.replace(/es$/, '');
  if (/[^s]s$/.test(tag)) return tag.slice(0, -1);
  return tag;
}

/** Lint the index without touching a note. */
export function checkKnowledge(
  index: KbIndex,
  issues: readonly KbIssue[],
  links: { checked: number; broken: readonly BrokenLink[] } = { checked: 0, broken: [] },
): CheckReport {
  const counts = new Map<string, number>();
  for (const n of index.notes) for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  const known = new Set(index.knownTags.map((k) => k.tag));
  const all = [...new Set([...counts.keys(), ...known])].sort(compareStrings);
  const pick = (a: string, b: string) => {
    if (known.has(a) !== known.has(b)) return known.has(a) ? a : b;
    const ca = counts.get(a) ?? 0;
    const cb = counts.get(b) ?? 0;
    return ca !== cb ? (ca > cb ? a : b) : compareStrings(a, b) <= 0 ? a : b;
  };
  const similar: SimilarTags[] = [];
  const seen = new Set<string>();
  const add = (a: string, b: string, reason: SimilarTags['reason']) => {
    const pair = [a, b].sort(compareStrings) as [string, string];
    const key = pair.join('\0');
    if (a === b || seen.has(key) || (!counts.has(a) && !counts.has(b))) return;
    if (index.aliases[a] === b || index.aliases[b] === a) return; // already declared as an alias
    seen.add(key);
    similar.push({ tags: pair, target: pick(a, b), reason });
  };
  const bySingular = new Map<string, string[]>();
  const byBare = new Map<string, string[]>();
  for (const t of all) {
    bySingular.set(singular(t), [...(bySingular.get(singular(t)) ?? []), t]);
    const bare = t.replace(/[-_]/g, '');
    byBare.set(bare, [...(byBare.get(bare) ?? []), t]);
    const long = ABBREVIATIONS[t];
    if (long && (counts.has(long) || known.has(long))) add(t, long, 'abbreviation');
  }
  for (const group of bySingular.values()) for (let i = 1; i < group.length; i++) add(group[0]!, group[i]!, 'plural');
  for (const group of byBare.values()) for (let i = 1; i < group.length; i++) add(group[0]!, group[i]!, 'hyphen');

  const promote: CheckReport['promote'] = [];
  const skippedStamps: CheckReport['skippedStamps'] = [];
  for (const tag of index.otherTags) {
    const count = counts.get(tag) ?? 0;
    if (count < 3) continue;
    (isEphemeralStamp(tag) ? skippedStamps : promote).push({ tag, count });
  }
  return {
    issues: [...issues],
    untagged: index.notes.filter((n) => n.tags.length === 0).map((n) => n.path),
    similar: similar.sort((a, b) => compareStrings(a.tags.join(), b.tags.join())),
    promote,
    skippedStamps,
    brokenLinks: [...links.broken],
    linksChecked: links.checked,
  };
}
