// Isomorphic: `kb review` as a pull-request comment. Counts first (problems, then changes), then one section per
// kind with its items in a fixed order. The first line is a marker the CI recipes find the comment by, to update it.
import type { BrokenLink } from '../links/findBrokenLinks.js';
import { codeSpan, markdownText } from './markdownText.js';
import type { KnowledgeReview, PackChange, ReviewCounts } from './reviewSchema.js';

/** The comment's first line: docs/review-github.yml and docs/review-gitlab.yml look for it. */
export const REVIEW_MARKER = '<!-- kb-review -->';

/** Items a section lists before "… and N more". */
export const SECTION_ITEMS = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

type CountKey = Exclude<keyof ReviewCounts, 'problems'>;
const PROBLEMS: [CountKey, string, string?][] = [
  ['brokenLinks', 'new broken link'],
  ['untagged', 'newly untagged note'],
  ['credentialsRedacted', 'credential redacted', 'credentials redacted'],
  ['credentialsPublished', 'credential published as written', 'credentials published as written'],
  ['staleCited', 'stale note newly cited', 'stale notes newly cited'],
  ['deprecatedCited', 'deprecated note newly cited', 'deprecated notes newly cited'],
  ['packsLowConfidence', 'pack newly of low confidence', 'packs newly of low confidence'],
];
const CHANGES: [CountKey, string, string?][] = [
  ['notesAdded', 'note added', 'notes added'],
  ['notesRemoved', 'note removed', 'notes removed'],
  ['notesRenamed', 'note renamed', 'notes renamed'],
  ['packsChanged', 'pack changed', 'packs changed'],
  ['tagPagesChanged', 'tag page changed', 'tag pages changed'],
  ['aliasPagesChanged', 'alias page changed', 'alias pages changed'],
  ['credentialsAllowed', 'credential allowed by secrets.allow', 'credentials allowed by secrets.allow'],
];

export function renderReviewMarkdown(review: KnowledgeReview): string {
  const c = review.counts;
  const line = (rows: typeof PROBLEMS) =>
    rows
      .filter(([key]) => c[key] > 0)
      .map(([key, one, many]) => plural(c[key], one, many))
      .join(' · ');
  const base = `${codeSpan(review.base.ref)} (${markdownText(review.base.how)}, ${codeSpan(review.base.commit.slice(0, 12))})`;
  const out = [
    REVIEW_MARKER,
    `### Knowledge review: ${c.problems ? plural(c.problems, 'problem') : 'no problems'}`,
    '',
    `${codeSpan(review.folder)} in the working tree against ${base}; ages as of ${review.today}.`,
    '',
  ];
  const changes = line(CHANGES);
  if (c.problems) out.push(`**Problems:** ${line(PROBLEMS)}`, '');
  out.push(changes ? `**Changes:** ${changes}` : '**Changes:** none for readers or agents.');

  const renamedTo = new Set(review.notes.renamed.map((r) => r.to));
  section(out, 'Broken links', review.brokenLinks, (b) => brokenLine(b, renamedTo));
  section(out, 'Untagged notes', review.untagged, (p) => `${codeSpan(p)}: no tag page lists it and no tag query finds it`);
  section(out, 'Credentials', review.credentials, (x) => `${codeSpan(x.line ? `${x.file}:${x.line}` : x.file)} **${x.action}**: ${markdownText(x.message)}`);
  section(
    out,
    'Stale notes still cited',
    review.staleCited,
    (n) => `${codeSpan(n.path)}: last updated ${n.day} (${plural(n.ageDays, 'day')} ago); cited by ${list(n.packs)}`,
  );
  section(
    out,
    'Deprecated notes still cited',
    review.deprecatedCited,
    (n) => `${codeSpan(n.path)}: ${n.status}${n.supersededBy ? ` (superseded by ${codeSpan(n.supersededBy)})` : ''}; cited by ${list(n.packs)}`,
  );
  section(out, 'Packs', review.packs, packLines);
  section(
    out,
    'Packs newly of low confidence',
    review.packsLowConfidence,
    (slug) => `${codeSpan(slug)}: fewer than two of the notes it cites match its task’s own words`,
  );
  const notes = [
    ...review.notes.added.map((n) => `added ${codeSpan(n.path)}: ${markdownText(n.title)}`),
    ...review.notes.removed.map((n) => `removed ${codeSpan(n.path)}: ${markdownText(n.title)}`),
    ...review.notes.renamed.map((n) => `renamed ${codeSpan(n.from)} → ${codeSpan(n.to)}: ${markdownText(n.title)} (its page moves)`),
  ];
  section(out, 'Notes', notes, (x) => x);
  section(out, 'Tag pages', review.tagPages, (t) => {
    const aliases = t.aliases.length ? ` (and alias ${t.aliases.length === 1 ? 'page' : 'pages'} ${list(t.aliases)})` : '';
    const what = t.change === 'added' ? 'new page' : t.change === 'removed' ? 'page gone' : 'list changed';
    return `${codeSpan(t.tag)}${aliases}: ${what}${moves(t.notesIn, t.notesOut)}`;
  });
  section(out, 'Alias pages', review.aliasPages, (a) =>
    a.change === 'added'
      ? `${codeSpan(a.alias)} → ${codeSpan(a.after!)}: new`
      : a.change === 'removed'
        ? `${codeSpan(a.alias)} → ${codeSpan(a.before!)}: gone`
        : `${codeSpan(a.alias)}: ${codeSpan(a.before!)} → ${codeSpan(a.after!)}`,
  );
  return `${out.join('\n')}\n`;
}

/** `#### Title (N)` and a list of at most SECTION_ITEMS items; nothing when there are none. */
function section<T>(out: string[], title: string, items: readonly T[], render: (item: T) => string | string[]): void {
  if (!items.length) return;
  out.push('', `#### ${title} (${items.length})`, '');
  for (const item of items.slice(0, SECTION_ITEMS)) {
    const [first, ...rest] = [render(item)].flat();
    out.push(`- ${first}`, ...rest.map((r) => `  - ${r}`));
  }
  if (items.length > SECTION_ITEMS) out.push(`- … and ${items.length - SECTION_ITEMS} more (\`kb review --json\` lists every one)`);
}

/** `renamedTo`: the new paths of renamed notes, which a link to the old path is pointed at. */
function brokenLine(b: BrokenLink, renamedTo: ReadonlySet<string>): string {
  const why = b.reason === 'unpublished' ? 'names a note that is not published' : b.kind === 'attachment' ? 'no such file' : 'no such note';
  const hint = !b.suggestion ? '' : renamedTo.has(b.suggestion) ? `; renamed to ${codeSpan(b.suggestion)}` : `; did you mean ${codeSpan(b.suggestion)}?`;
  return `${codeSpan(`${b.file}:${b.line}`)} ${b.kind} ${codeSpan(b.target)}: ${why}${hint}`;
}

function packLines(p: PackChange): string[] {
  const what = p.change === 'added' ? 'new pack' : p.change === 'removed' ? 'pack removed' : 'changed';
  const tokens =
    p.tokens.before !== undefined && p.tokens.after !== undefined ? `${p.tokens.before} → ${p.tokens.after}` : `${p.tokens.after ?? p.tokens.before}`;
  const confidence =
    p.confidence.before !== undefined && p.confidence.after !== undefined && p.confidence.before !== p.confidence.after
      ? `${p.confidence.before} → ${p.confidence.after}`
      : `${p.confidence.after ?? p.confidence.before}`;
  return [
    `${codeSpan(p.slug)} (${markdownText(p.title)}): ${what}; ${tokens} tokens, confidence ${confidence}`,
    ...(p.citedIn.length ? [`cites now: ${list(p.citedIn)}`] : []),
    ...(p.citedOut.length ? [`no longer cites: ${list(p.citedOut)}`] : []),
  ];
}

/** ` +2: a, b; −1: c`, at most SECTION_ITEMS names each way. */
function moves(notesIn: readonly string[], notesOut: readonly string[]): string {
  const side = (sign: string, paths: readonly string[]) => (paths.length ? `${sign}${paths.length}: ${list(paths)}` : '');
  const parts = [side('+', notesIn), side('−', notesOut)].filter(Boolean);
  return parts.length ? `; ${parts.join('; ')}` : '';
}

function list(items: readonly string[]): string {
  const shown = items.slice(0, SECTION_ITEMS).map(codeSpan).join(', ');
  return items.length > SECTION_ITEMS ? `${shown} and ${items.length - SECTION_ITEMS} more` : shown;
}
