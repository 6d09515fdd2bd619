import { z } from 'zod';

/** Bump when a field changes meaning; a CI step that reads `kb review --json` checks it. */
export const KB_REVIEW_VERSION = 1;

const path = z.string();
const confidence = z.enum(['low', 'medium', 'high']);

/** A note by path and title (the title at the side it exists on). */
const noteRef = z.object({ path, title: z.string() });

/** A configured pack that differs between the two sides, by slug. */
export const packChangeSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** `added`/`removed`: the pack is new in the configuration, or gone from it. */
  change: z.enum(['added', 'removed', 'changed']),
  /** Notes the pack cites now and did not before, in the pack's order. */
  citedIn: z.array(path),
  /** Notes the pack cited before and does not now, in the old pack's order. */
  citedOut: z.array(path),
  /** o200k tokens of its Markdown; absent on the side the pack does not exist on. */
  tokens: z.object({ before: z.number().int().optional(), after: z.number().int().optional() }),
  confidence: z.object({ before: confidence.optional(), after: confidence.optional() }),
});

/** A tag page whose list of notes differs (its alias pages show the same list). */
export const tagPageChangeSchema = z.object({
  tag: z.string(),
  /** `added`: the tag has a page now and had none; `removed`: the reverse. */
  change: z.enum(['added', 'removed', 'changed']),
  notesIn: z.array(path),
  notesOut: z.array(path),
  /** Alias pages that show this list, after the change. */
  aliases: z.array(z.string()),
});

/** An alias whose page appears, goes, or leads to another tag. */
export const aliasPageChangeSchema = z.object({
  alias: z.string(),
  change: z.enum(['added', 'removed', 'retargeted']),
  /** The canonical tag before and after; absent on the side the alias does not exist on. */
  before: z.string().optional(),
  after: z.string().optional(),
});

export const brokenLinkSchema = z.object({
  file: path,
  line: z.number().int(),
  kind: z.enum(['wikilink', 'embed', 'link', 'attachment']),
  target: z.string(),
  reason: z.enum(['missing', 'unpublished']),
  suggestion: z.string().optional(),
});

/** A credential the change brings in, as the secret scan judged it. */
export const credentialSchema = z.object({
  file: path,
  line: z.number().int().optional(),
  /**
   * `redacted`: published as `[redacted: …]`; `allowed`: left as written because it matches `secrets.allow`;
   * `published`: left as written because secrets are allowed (`--allow-secrets`).
   */
  action: z.enum(['redacted', 'allowed', 'published']),
  message: z.string(),
});

const citedNote = z.object({ path, packs: z.array(z.string()) });

export const staleCitedSchema = citedNote.extend({ day: z.string(), ageDays: z.number().int() });
export const retiredCitedSchema = citedNote.extend({ status: z.enum(['deprecated', 'superseded']), supersededBy: z.string().optional() });

/** How many of each kind; `problems` is what `--strict` fails on. */
export const reviewCountsSchema = z.object({
  notesAdded: z.number().int(),
  notesRemoved: z.number().int(),
  notesRenamed: z.number().int(),
  packsChanged: z.number().int(),
  tagPagesChanged: z.number().int(),
  aliasPagesChanged: z.number().int(),
  brokenLinks: z.number().int(),
  untagged: z.number().int(),
  credentialsRedacted: z.number().int(),
  credentialsAllowed: z.number().int(),
  credentialsPublished: z.number().int(),
  staleCited: z.number().int(),
  deprecatedCited: z.number().int(),
  packsLowConfidence: z.number().int(),
  /** New broken links, untagged notes, redacted or published credentials, stale or deprecated notes newly cited, packs newly of low confidence. */
  problems: z.number().int(),
});

/** `kb review --json`: what a change to the knowledge folder does for readers and agents. */
export const knowledgeReviewSchema = z.object({
  version: z.literal(KB_REVIEW_VERSION),
  /** The folder as the command was given it (`--kb`). */
  folder: z.string(),
  /** The side compared against: the ref as given (or found) and its commit. */
  base: z.object({ ref: z.string(), commit: z.string(), how: z.string() }),
  /** Always the working tree. */
  head: z.literal('working tree'),
  /** The day ages were counted to, on both sides. */
  today: z.string(),
  counts: reviewCountsSchema,
  /**
   * Notes by path; a note gone from one path and come at another with the same title (only that title on each
   * side) is `renamed`, not added and removed: its page moves.
   */
  notes: z.object({ added: z.array(noteRef), removed: z.array(noteRef), renamed: z.array(z.object({ from: path, to: path, title: z.string() })) }),
  packs: z.array(packChangeSchema),
  /** Configured packs of low confidence now that were not before. */
  packsLowConfidence: z.array(z.string()),
  tagPages: z.array(tagPageChangeSchema),
  aliasPages: z.array(aliasPageChangeSchema),
  /** Broken links the change brings in (a link that was broken before is not listed again). */
  brokenLinks: z.array(brokenLinkSchema),
  /** Notes without a tag now that were tagged, or did not exist, before. */
  untagged: z.array(path),
  credentials: z.array(credentialSchema),
  /** Stale notes cited by a configured pack now that were not both before. */
  staleCited: z.array(staleCitedSchema),
  /** Deprecated or superseded notes cited by a configured pack now that were not both before. */
  deprecatedCited: z.array(retiredCitedSchema),
});

export type KnowledgeReview = z.infer<typeof knowledgeReviewSchema>;
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;
export type PackChange = z.infer<typeof packChangeSchema>;
export type TagPageChange = z.infer<typeof tagPageChangeSchema>;
export type AliasPageChange = z.infer<typeof aliasPageChangeSchema>;
export type ReviewCredential = z.infer<typeof credentialSchema>;
