import { normaliseTag, normaliseTagList } from '../tags/normaliseTag.js';

/** What an existing aria `index.md` declares: projects (name, relevant tags) and Known Tags with aliases. */
export interface IndexMdFacts {
  projects: Record<string, { name?: string | undefined; tags: string[] }>;
  knownTags: string[];
  aliases: Record<string, string>;
}

export function parseIndexMd(text: string): IndexMdFacts {
  const facts: IndexMdFacts = { projects: {}, knownTags: [], aliases: {} };
  const sections = splitH2(text);
  let current: string | undefined;
  for (const line of sections.get('projects') ?? []) {
    // "### key — name" (em dash, en dash or hyphen)
    const h = /^###\s+(\S+)(?:\s+[—–-]\s+(.+))?\s*$/.exec(line);
    if (h) {
      current = normaliseTag(h[1]);
      if (current) facts.projects[current] = { name: h[2]?.trim(), tags: [] };
      continue;
    }
    const rel = /^\s*(?:[-*]\s*)?\**Relevant tags\**:\s*(.*)$/i.exec(line);
    if (rel && current) facts.projects[current]!.tags = normaliseTagList(rel[1]);
  }
  const known = (sections.get('known tags') ?? []).join('\n');
  // entries: "tag" or "tag [aliases: a, b]", separated by commas outside brackets
  for (const m of known.matchAll(/([^,[\]\n]+?)\s*(?:\[aliases:\s*([^\]]*)\])?\s*(?:,|\n|$)/g)) {
    const tag = normaliseTag(m[1]);
    if (!tag) continue;
    facts.knownTags.push(tag);
    for (const alias of normaliseTagList(m[2] ?? '')) facts.aliases[alias] = tag;
  }
  return facts;
}

function splitH2(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const h2 = /^##\s+(.+?)\s*$/.exec(line);
    if (h2) {
      lines = [];
      out.set(h2[1]!.toLowerCase(), lines);
    } else lines?.push(line);
  }
  return out;
}
