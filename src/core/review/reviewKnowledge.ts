// Isomorphic: what a change to a knowledge folder does for readers and agents, from the folder before and after
// (each indexed, its packs built and its links checked by the node side). `kb review` prints it.
import { knowledgeHealth, type HealthInput } from '../health/knowledgeHealth.js';
import type { KbIndex } from '../index/kbIndexSchema.js';
import type { BrokenLink } from '../links/findBrokenLinks.js';
import { compareStrings } from '../util/compare.js';
import type { KbIssue } from '../util/issue.js';
import { diffNotes } from './diffNotes.js';
import { diffPacks, type ReviewPack } from './diffPacks.js';
import { diffAliasPages, diffTagPages, tagPageLists } from './diffTagPages.js';
import { newOccurrences } from './newOccurrences.js';
import { KB_REVIEW_VERSION, type KnowledgeReview, type ReviewCredential } from './reviewSchema.js';

/** One side of the change: the folder indexed, its configured packs built, its links checked. */
export interface ReviewSide {
  index: KbIndex;
  packs: readonly ReviewPack[];
  brokenLinks: readonly BrokenLink[];
  linksOut: HealthInput['linksOut'];
  /** What the secret scan reported (issues and notices); only the `secret*` codes are read. */
  secrets: readonly KbIssue[];
}

export interface ReviewMeta {
  folder: string;
  base: KnowledgeReview['base'];
  today: string;
}

/** The secret scan's verdicts a review reports; placeholders (`example`, `xxxx`) are left out. */
const CREDENTIAL_ACTIONS: Record<string, ReviewCredential['action']> = { secret: 'redacted', 'secret-allow-listed': 'allowed', 'secret-allowed': 'published' };

export function reviewKnowledge(base: ReviewSide, head: ReviewSide, meta: ReviewMeta): KnowledgeReview {
  const health = (side: ReviewSide) =>
    knowledgeHealth({ index: side.index, today: meta.today, packs: side.packs, brokenLinks: side.brokenLinks, linksOut: side.linksOut });
  const [before, after] = [health(base), health(head)];
  const paths = (list: readonly { path: string }[]) => new Set(list.map((x) => x.path));

  const notes = diffNotes(base.index.notes, head.index.notes);
  // A renamed note is the same note: what it had before under its old path is not new at its new one.
  const movedFrom = new Map(notes.renamed.map((r) => [r.to, r.from]));
  const was = (path: string) => movedFrom.get(path) ?? path;

  const packs = diffPacks(base.packs, head.packs);
  const wasLow = new Set(before.lowConfidencePacks.map((p) => p.slug));
  const packsLowConfidence = after.lowConfidencePacks.filter((p) => !wasLow.has(p.slug)).map((p) => p.slug);
  const [baseTags, headTags] = [tagPageLists(base.index, meta.today), tagPageLists(head.index, meta.today)];
  const tagPages = diffTagPages(baseTags, headTags);
  const aliasPages = diffAliasPages(baseTags, headTags);

  const linkKey = (b: BrokenLink) => [was(b.file), b.kind, b.target, b.reason].join('\0');
  const brokenLinks = newOccurrences(before.brokenLinks, after.brokenLinks, linkKey, (b) => b.line).map((b) => {
    const to = renamedTarget(b.target, notes.renamed);
    return to ? { ...b, suggestion: to } : b;
  });
  const wasUntagged = new Set(before.untagged);
  const untagged = after.untagged.filter((p) => !wasUntagged.has(was(p)));
  const findings = (side: ReviewSide) => side.secrets.filter((i) => CREDENTIAL_ACTIONS[i.code] !== undefined);
  const secretKey = (i: KbIssue) => [was(i.file), i.code, i.message].join('\0');
  const credentials = newOccurrences(findings(base), findings(head), secretKey, (i) => i.line)
    .sort((a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0))
    .map((i) => ({ file: i.file, ...(i.line !== undefined ? { line: i.line } : {}), action: CREDENTIAL_ACTIONS[i.code]!, message: i.message }));
  const wasStale = paths(before.staleCited);
  const staleCited = after.staleCited.filter((n) => !wasStale.has(was(n.path)));
  const wasRetired = paths(before.deprecatedCited);
  const deprecatedCited = after.deprecatedCited.filter((n) => !wasRetired.has(was(n.path)));

  const action = (a: ReviewCredential['action']) => credentials.filter((c) => c.action === a).length;
  const counts = {
    notesAdded: notes.added.length,
    notesRemoved: notes.removed.length,
    notesRenamed: notes.renamed.length,
    packsChanged: packs.length,
    tagPagesChanged: tagPages.length,
    aliasPagesChanged: aliasPages.length,
    brokenLinks: brokenLinks.length,
    untagged: untagged.length,
    credentialsRedacted: action('redacted'),
    credentialsAllowed: action('allowed'),
    credentialsPublished: action('published'),
    staleCited: staleCited.length,
    deprecatedCited: deprecatedCited.length,
    packsLowConfidence: packsLowConfidence.length,
  };
  const problems =
    counts.brokenLinks +
    counts.untagged +
    counts.credentialsRedacted +
    counts.credentialsPublished +
    counts.staleCited +
    counts.deprecatedCited +
    counts.packsLowConfidence;
  return {
    version: KB_REVIEW_VERSION,
    folder: meta.folder,
    base: meta.base,
    head: 'working tree',
    today: meta.today,
    counts: { ...counts, problems },
    notes,
    packs,
    packsLowConfidence,
    tagPages,
    aliasPages,
    brokenLinks,
    untagged,
    credentials,
    staleCited,
    deprecatedCited,
  };
}

/** The new path of the renamed note a broken link names by its old name (`[[old-name]]`, `../old-name.md`), when one does. */
function renamedTarget(target: string, renamed: readonly { from: string; to: string }[]): string | undefined {
  const name = (path: string) =>
    path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/\.mdx?$/i, '')
      .toLowerCase();
  const wanted = name(target.split('#')[0]!);
  const found = renamed.filter((r) => name(r.from) === wanted);
  return found.length === 1 ? found[0]!.to : undefined;
}
