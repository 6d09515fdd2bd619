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
  // entries: "tag" or "tag [aliases: a, b]", separated by commas (or lines) outside brackets
  for (const entry of splitOutsideBrackets((sections.get('known tags') ?? []).join('\n'))) {
    const open = entry.indexOf('[');
    const tag = normaliseTag(open < 0 ? entry : entry.slice(0, open));
    if (!tag) continue;
    facts.knownTags.push(tag);
    const inside = open < 0 ? '' : entry.slice(open + 1, entry.lastIndexOf(']') > open ? entry.lastIndexOf(']') : undefined);
    if (/^\s*aliases:/i.test(inside)) for (const alias of normaliseTagList(inside.replace(/^\s*aliases:/i, ''))) facts.aliases[alias] = tag;
  }
  return facts;
}

function splitH2(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const h2 = /^##[ \t]+(.*)$/.exec(line);
    if (h2 && h2[1]!.trim() !== '') {
      lines = [];
      out.set(h2[1]!.trim().toLowerCase(), lines);
    } else lines?.push(line);
  }
  return out;
}

/** Split on `,` and newlines that are not inside `[…]`, in one pass (no regex backtracking on hostile input). */
function splitOutsideBrackets(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '[') depth++;
    else if (ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === '\n')) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}
