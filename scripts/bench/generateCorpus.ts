// A seeded generator of knowledge folders in the aria layout, at any size: tags from a long-tailed pool
// with aliases, projects (some team-shared from a repo's `_project-knowledge/`), ideas, reviews,
// semantic hints, headings, wikilinks, and note lengths with a median near 5,000 characters and a
// tail to 60,000. planCorpus() decides everything small (paths, titles, tags, lengths); each note's
// text is then rendered on its own from a derived seed, so 100,000 notes never sit in memory at once.
import { createRng, createZipf, deriveSeed, type Rng } from './random.ts';
import {
  ADJECTIVES,
  CATEGORIES,
  FUNCTION_WORDS,
  HEAD_ALIASES,
  HEAD_TAGS,
  LANGUAGES,
  NOUNS,
  PROJECT_NAMES,
  TITLE_TEMPLATES,
  TOPIC_WORDS,
  VERBS,
} from './vocabulary.ts';

/** Bump when the output changes, so cached corpora under .bench/ are regenerated. */
export const GENERATOR_VERSION = 1;

export interface CorpusOptions {
  /** Notes the index will hold (ideas and excluded files come on top). */
  notes: number;
  seed: number;
}

export type NoteKind = 'decision' | 'approach' | 'guide' | 'reference' | 'lesson' | 'pattern' | 'pitfall' | 'review';
export type PlannedTier = 'cross-project' | 'project' | 'reviews' | 'team-shared';

export interface PlannedNote {
  path: string;
  /** File name without extension; unique in the corpus, so `[[basename]]` resolves to one note. */
  basename: string;
  title: string;
  tier: PlannedTier;
  kind: NoteKind;
  projectKey?: string | undefined;
  /** Tags as written in the frontmatter: canonical only, since a tag that is an alias is an index error. */
  tags: string[];
  /** Target length of the whole file in characters. */
  length: number;
  frontmatter: 'yaml' | 'broken-yaml' | 'none';
}

export interface PlannedProject {
  key: string;
  name: string;
  tags: string[];
  path?: string | undefined;
  shared: boolean;
  stitch: boolean;
  codemap: boolean;
}

export interface CorpusPlan {
  options: CorpusOptions;
  /** Canonical tags, most used first. */
  tags: string[];
  /** [alias, canonical]. */
  aliases: Array<[string, string]>;
  projects: PlannedProject[];
  notes: PlannedNote[];
  ideas: Array<{ path: string; project: string; date: string; type: string; description: string }>;
  /** Files the index must exclude (archive/, intake/ leftovers, project READMEs, code). */
  extras: string[];
}

export interface CorpusFile {
  path: string;
  text: string;
}

const MEDIAN_CHARS = 5000;
/** ln(60000/5000)/3.09: the 99.9th percentile lands at 60k characters. */
const LENGTH_SIGMA = 0.8;
const MIN_CHARS = 400;
const MAX_CHARS = 60000;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2019, 0, 1);
const DAYS = 2737; // 2019-01-01 .. 2026-06-30

/** Share of notes per place in the aria layout; team-shared goes to projects when none is shared. */
const PLACES: ReadonlyArray<readonly [NoteKind | 'project' | 'team-shared', number]> = [
  ['project', 0.45],
  ['decision', 0.07],
  ['approach', 0.06],
  ['guide', 0.11],
  ['reference', 0.11],
  ['review', 0.08],
  ['team-shared', 0.12],
];
const PROJECT_KINDS = ['decision', 'lesson', 'pattern', 'pitfall'] as const;
const KIND_FOLDER: Record<NoteKind, string> = {
  decision: 'decisions',
  approach: 'approaches',
  guide: 'guides',
  reference: 'references',
  lesson: 'lessons',
  pattern: 'patterns',
  pitfall: 'pitfalls',
  review: 'logs',
};
const TAG_COUNTS = [1, 2, 2, 3, 3, 3, 4, 4, 5, 6] as const;

/** How many canonical tags a corpus of n notes draws from: grows like √n, as vocabularies do. */
export function tagPoolSize(notes: number): number {
  return HEAD_TAGS.length + Math.round(6 * Math.sqrt(notes)) + 20;
}

export function projectCount(notes: number): number {
  return Math.min(80, Math.max(3, Math.round(Math.sqrt(notes) / 4)));
}

/** Target file length: log-normal, median 5k, clamped to [400, 60000]. */
export function sampleLength(rng: Rng): number {
  return Math.min(MAX_CHARS, Math.max(MIN_CHARS, Math.round(MEDIAN_CHARS * Math.exp(LENGTH_SIGMA * rng.normal()))));
}

export function planCorpus(options: CorpusOptions): CorpusPlan {
  if (!Number.isInteger(options.notes) || options.notes < 1) throw new Error(`--notes must be a positive integer, got ${options.notes}`);
  const rng = createRng(deriveSeed(options.seed, 'plan', 0));
  const tags = buildTagPool(tagPoolSize(options.notes));
  const aliases = buildAliases(tags);
  const projects = buildProjects(projectCount(options.notes), tags, rng);
  const shared = projects.filter((p) => p.shared);
  const zipf = createZipf(tags.length, 1.05);
  const usedNames = new Map<string, number>();

  const notes: PlannedNote[] = [];
  for (let i = 0; i < options.notes; i++) {
    let place = weighted(rng, PLACES);
    if (place === 'team-shared' && shared.length === 0) place = 'project';
    const project = place === 'project' ? rng.pick(projects) : place === 'team-shared' ? rng.pick(shared) : undefined;
    const kind: NoteKind = place === 'project' || place === 'team-shared' ? rng.pick(PROJECT_KINDS) : place;
    const title = makeTitle(rng, tags);
    const basename = uniqueName(usedNames, slugPart(title));
    const ext = rng.chance(0.005) ? 'mdx' : 'md';
    const folder = noteFolder(rng, place, kind, project, tags);
    const noteTags = new Set<string>();
    const count = rng.pick(TAG_COUNTS);
    if (project && rng.chance(0.6)) noteTags.add(rng.pick(project.tags));
    while (noteTags.size < count) noteTags.add(tags[zipf(rng)]!);
    const fmRoll = rng.next();
    notes.push({
      path: `${folder}/${basename}.${ext}`,
      basename,
      title,
      tier: place === 'project' ? 'project' : place === 'team-shared' ? 'team-shared' : kind === 'review' ? 'reviews' : 'cross-project',
      kind,
      projectKey: project?.key,
      tags: [...noteTags],
      length: sampleLength(rng),
      frontmatter: fmRoll < 0.003 ? 'broken-yaml' : fmRoll < 0.018 ? 'none' : 'yaml',
    });
  }

  const ideas: CorpusPlan['ideas'] = [];
  for (let i = 0; i < Math.max(3, Math.round(options.notes * 0.02)); i++) {
    const date = isoDay(rng.int(DAYS));
    const description = sentence(rng, tags, 6, 12).replace(/\.$/, '');
    ideas.push({
      path: `intake/ideas/${date}-${uniqueName(usedNames, slugPart(description.slice(0, 40)))}.md`,
      project: rng.pick(projects).key,
      date,
      type: rng.pick(['feature', 'bug', 'refactor', 'chore']),
      description,
    });
  }

  const extras = ['README.md', 'OVERVIEW.md', 'intake/inbox.md', 'rules/writing-notes.md', 'logs/session-log.md'];
  for (let i = 0; i < Math.ceil(options.notes * 0.005); i++) extras.push(`archive/old-note-${i + 1}.md`);
  for (const p of projects) {
    extras.push(`projects/${p.key}/README.md`);
    if (p.path) extras.push(`${p.path}/src/index.ts`);
    if (p.path && p.codemap) extras.push(`${p.path}/CODEMAP.md`);
    if (p.path && p.shared) extras.push(`${p.path}/_project-knowledge/README.md`);
  }
  return { options, tags, aliases, projects, notes, ideas, extras };
}

/** Every file of the corpus, in a fixed order: configuration, notes, ideas, then files the index excludes. */
export function* corpusFiles(plan: CorpusPlan): Generator<CorpusFile> {
  yield { path: 'kb.config.yaml', text: renderConfig(plan) };
  yield { path: 'aliases.md', text: renderAliasesMd(plan.aliases) };
  for (let i = 0; i < plan.notes.length; i++) yield { path: plan.notes[i]!.path, text: renderNote(plan, i) };
  for (const [k, idea] of plan.ideas.entries()) {
    const rng = createRng(deriveSeed(plan.options.seed, 'idea', k));
    yield {
      path: idea.path,
      text: `---\ndate: ${idea.date}\ntype: ${idea.type}\nproject: ${idea.project}\ndescription: ${yamlString(idea.description)}\n---\n\n${paragraph(rng, plan.tags, 2, 4)}\n`,
    };
  }
  for (const [k, path] of plan.extras.entries()) yield { path, text: renderExtra(plan, path, k) };
}

export function renderNote(plan: CorpusPlan, i: number): string {
  const note = plan.notes[i]!;
  const rng = createRng(deriveSeed(plan.options.seed, 'note', i));
  const fm = renderFrontmatter(plan, note, rng, i);
  const out: string[] = [fm, `# ${note.title}\n`, paragraph(rng, plan.tags, 2, 4, linker(plan, rng, i)) + '\n'];
  let size = fm.length + note.title.length + out[2]!.length;
  const link = linker(plan, rng, i);
  // Sections average ~1,000 characters: stop half a section early so the lengths centre on the target.
  while (size + 500 < note.length) {
    const section = renderSection(rng, plan.tags, link);
    out.push(section);
    size += section.length;
  }
  return out.join('\n');
}

function renderFrontmatter(plan: CorpusPlan, note: PlannedNote, rng: Rng, i: number): string {
  if (note.frontmatter === 'none') return '';
  const date = isoDay(rng.int(DAYS));
  const roll = rng.next();
  const status = roll < 0.9 ? 'active' : roll < 0.93 ? 'draft' : roll < 0.97 ? 'deprecated' : 'superseded';
  const lines = ['---'];
  lines.push(note.frontmatter === 'broken-yaml' ? `title: Fix: ${note.title}` : `title: ${yamlString(note.title)}`);
  lines.push(`description: ${yamlString(sentence(rng, plan.tags, 8, 16))}`);
  const style = rng.next();
  if (style < 0.6) lines.push(`tags: [${note.tags.join(', ')}]`);
  else if (style < 0.95) lines.push('tags:', ...note.tags.map((t) => `  - ${t}`));
  else lines.push(`tags: ${note.tags.join(', ')}`);
  lines.push(`category: ${rng.pick(CATEGORIES)}`, `type: ${note.kind}`, `status: ${status}`);
  if (status === 'superseded' && i > 0) lines.push(`superseded_by: ${plan.notes[rng.int(i)]!.basename}`);
  lines.push(`date: ${date}`);
  if (rng.chance(0.3)) {
    const hints = Array.from({ length: rng.between(1, 4) }, () => `"${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}"`);
    lines.push(`semantic-hints: [${hints.join(', ')}]`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

function renderSection(rng: Rng, tags: readonly string[], link: () => string): string {
  const parts = [`## ${capitalise(`${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} and ${rng.pick(TOPIC_WORDS)}`)}\n`];
  for (let p = rng.between(1, 3); p > 0; p--) parts.push(paragraph(rng, tags, 2, 6, link) + '\n');
  if (rng.chance(0.25)) {
    const items = Array.from({ length: rng.between(3, 6) }, () => `- ${sentence(rng, tags, 5, 12, link)}`);
    parts.push(items.join('\n') + '\n');
  }
  if (rng.chance(0.12)) parts.push(codeBlock(rng));
  if (rng.chance(0.1)) parts.push(`### ${capitalise(`${rng.pick(VERBS)} the ${rng.pick(NOUNS)}`)}\n`, paragraph(rng, tags, 2, 4, link) + '\n');
  return parts.join('\n');
}

function paragraph(rng: Rng, tags: readonly string[], min: number, max: number, link?: () => string): string {
  return Array.from({ length: rng.between(min, max) }, () => sentence(rng, tags, 8, 22, link)).join(' ');
}

function sentence(rng: Rng, tags: readonly string[], min: number, max: number, link?: () => string): string {
  const words: string[] = [];
  for (let n = rng.between(min, max); n > 0; n--) {
    const r = rng.next();
    if (r < 0.45) words.push(rng.pick(FUNCTION_WORDS));
    else if (r < 0.65) words.push(rng.pick(NOUNS));
    else if (r < 0.75) words.push(rng.pick(VERBS));
    else if (r < 0.83) words.push(rng.pick(ADJECTIVES));
    else if (r < 0.93) words.push(rng.pick(TOPIC_WORDS));
    else if (r < 0.98) words.push(tags[rng.int(Math.min(tags.length, 200))]!);
    else words.push(`\`${rng.pick(TOPIC_WORDS).replace(/-/g, '_')}_${rng.int(10000)}\``); // identifiers: the vocabulary's long tail
  }
  if (link && rng.chance(0.07)) words.splice(rng.int(words.length + 1), 0, link());
  return capitalise(words.join(' ')) + '.';
}

/** `[[basename]]` of another note: mostly near neighbours (same era), some hubs, a few unresolved. */
function linker(plan: CorpusPlan, rng: Rng, i: number): () => string {
  return () => {
    const r = rng.next();
    if (r < 0.03) return `[[${rng.pick(TOPIC_WORDS)} ${rng.pick(NOUNS)} notes]]`;
    const n = plan.notes.length;
    const j = r < 0.2 ? rng.int(Math.min(n, 50)) : (((i + rng.between(-200, 200)) % n) + n) % n;
    const target = plan.notes[j]!;
    return r > 0.9 ? `[[${target.basename}|${target.title.toLowerCase()}]]` : `[[${target.basename}]]`;
  };
}

function codeBlock(rng: Rng): string {
  const lang = rng.pick(LANGUAGES);
  const lines = Array.from({ length: rng.between(4, 14) }, () => {
    const name = `${rng.pick(TOPIC_WORDS).replace(/-/g, '_')}_${rng.int(100)}`;
    return `${'  '.repeat(rng.int(3))}${name} = ${rng.pick(NOUNS).replace(/ /g, '_')}(${rng.int(1000)})`;
  });
  return ['```' + lang, ...lines, '```', ''].join('\n');
}

function buildTagPool(size: number): string[] {
  const pool = new Set<string>(HEAD_TAGS);
  const aliasNames = new Set(HEAD_ALIASES.map(([a]) => a));
  for (const w of TOPIC_WORDS) if (pool.size < size && !aliasNames.has(w)) pool.add(w);
  // Deterministic pairs, spread over the word list so the tail does not cluster on one word.
  for (let k = 0; pool.size < size; k++) {
    const a = TOPIC_WORDS[k % TOPIC_WORDS.length]!;
    const b = TOPIC_WORDS[(k * 7 + 3 + Math.floor(k / TOPIC_WORDS.length)) % TOPIC_WORDS.length]!;
    if (a !== b) pool.add(`${a}-${b}`);
  }
  return [...pool];
}

function buildAliases(tags: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = HEAD_ALIASES.map(([a, c]) => [a, c]);
  const taken = new Set([...tags, ...out.map(([a]) => a)]);
  tags.forEach((tag, k) => {
    if (k < HEAD_TAGS.length || k % 40 !== 0 || !tag.includes('-')) return;
    const alias = tag
      .split('-')
      .map((w) => w.slice(0, 3))
      .join('');
    if (!taken.has(alias)) {
      taken.add(alias);
      out.push([alias, tag]);
    }
  });
  return out;
}

function buildProjects(count: number, tags: readonly string[], rng: Rng): PlannedProject[] {
  return Array.from({ length: count }, (_, i) => {
    const base = PROJECT_NAMES[i % PROJECT_NAMES.length]!;
    const key = i < PROJECT_NAMES.length ? base : `${base}-${Math.floor(i / PROJECT_NAMES.length) + 1}`;
    const own = new Set<string>();
    for (let n = rng.between(3, 6); own.size < n;) own.add(tags[rng.int(Math.min(tags.length, 150))]!);
    const hasPath = i % 2 === 0 || i === 1;
    return {
      key,
      name: `${capitalise(key.replace(/-/g, ' '))} service`,
      tags: [...own],
      path: hasPath ? `repos/${key}` : undefined,
      shared: hasPath && i % 3 === 0,
      stitch: i === 1,
      codemap: hasPath && i % 4 !== 2,
    };
  });
}

function noteFolder(rng: Rng, place: string, kind: NoteKind, project: PlannedProject | undefined, tags: readonly string[]): string {
  if (place === 'project') return `projects/${project!.key}/${KIND_FOLDER[kind]}`;
  if (place === 'team-shared') return `${project!.path}/_project-knowledge/${rng.chance(0.15) ? 'cross' : KIND_FOLDER[kind]}`;
  if (kind === 'review') return `logs/${rng.chance(0.5) ? 'prospect' : 'retrospect'}`;
  if (kind === 'guide' || kind === 'reference') return `${KIND_FOLDER[kind]}/${tags[rng.int(Math.min(tags.length, 30))]}`;
  return KIND_FOLDER[kind];
}

function makeTitle(rng: Rng, tags: readonly string[]): string {
  const topic = tags[rng.int(Math.min(tags.length, 300))]!;
  const title = rng
    .pick(TITLE_TEMPLATES)
    .replace('{adj}', rng.pick(ADJECTIVES))
    .replace('{noun}', rng.pick(NOUNS))
    .replace('{noun2}', rng.pick(NOUNS))
    .replace('{verb}', rng.pick(VERBS))
    .replace('{verbBase}', rng.pick(VERBS).replace(/s\b/, ''))
    .replace('{Topic}', capitalise(topic))
    .replace('{topic}', topic)
    .replace('{noun}', rng.pick(NOUNS));
  return capitalise(title);
}

function renderConfig(plan: CorpusPlan): string {
  const lines = [
    `title: Bench knowledge base (${plan.options.notes} notes, seed ${plan.options.seed})`,
    'description: A generated knowledge folder for npm run bench.',
    `knownTags: [${plan.tags.slice(0, 25).join(', ')}]`,
    'projects:',
  ];
  for (const p of plan.projects) {
    lines.push(`  ${p.key}:`, `    name: ${p.name}`, `    tags: [${p.tags.join(', ')}]`);
    if (p.path) lines.push(`    path: ${p.path}`, `    shared: ${p.shared}`);
    if (p.stitch && p.path) lines.push(`    stitch: ${p.path}`);
  }
  const repos = plan.projects.filter((p) => p.path);
  lines.push('repos:', ...repos.flatMap((p) => [`  - path: ${p.path}`, `    alias: ${p.key}`]));
  lines.push(
    'packs:',
    `  - task: Add cursor pagination to the ${plan.projects[0]!.key} list endpoint`,
    `    project: ${plan.projects[0]!.key}`,
    '  - task: Fix duplicate webhook deliveries creating double refunds',
    `  - task: Make offline sync resilient to flaky networks`,
    `    project: ${plan.projects[1]!.key}`,
  );
  return lines.join('\n') + '\n';
}

function renderAliasesMd(aliases: ReadonlyArray<readonly [string, string]>): string {
  return [
    '# Tag aliases',
    '',
    'Shorthand we type in chat, mapped onto the canonical tag the wiki uses.',
    '',
    ...aliases.map(([a, c]) => `- \`${a}\` → \`${c}\``),
    '',
    'Never point an alias at another alias.',
    '',
  ].join('\n');
}

function renderExtra(plan: CorpusPlan, path: string, k: number): string {
  const rng = createRng(deriveSeed(plan.options.seed, 'extra', k));
  if (path.endsWith('.ts')) return `export const name = ${JSON.stringify(path)};\n`;
  if (path.endsWith('CODEMAP.md')) return `# Code map\n\n${paragraph(rng, plan.tags, 3, 6)}\n`;
  return `# ${capitalise(path.replace(/\.md$/, '').replace(/[/_-]+/g, ' '))}\n\n${paragraph(rng, plan.tags, 2, 5)}\n`;
}

function weighted<T>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  let x = rng.next();
  for (const [value, weight] of table) {
    x -= weight;
    if (x < 0) return value;
  }
  return table[table.length - 1]![0];
}

function uniqueName(used: Map<string, number>, base: string): string {
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}-${n}`;
}

function slugPart(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'note'
  );
}

/** Plain when YAML reads it back unchanged, else double-quoted (JSON strings are valid YAML). */
function yamlString(s: string): string {
  return /^[A-Za-z][^:#"'`[\]{}]*$/.test(s) && !/\s$/.test(s) ? s : JSON.stringify(s);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isoDay(offset: number): string {
  return new Date(FIRST_DAY + offset * DAY_MS).toISOString().slice(0, 10);
}
