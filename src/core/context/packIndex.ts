import type { Idea, KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { PackedReader, PackedWriter } from '../rank/packedInts.js';
import { BUCKETS, type Bucket } from './bucketOf.js';

/**
 * What a pack reads of the index, carried in the pack data's head so that the island needs no kb-index.json
 * for a pack: the configuration a request is scoped by, and per note the facts ranking filters and boosts on.
 * Everything a pack shows of a note comes with its stored sections (note shards), for the candidates only.
 */
export interface PackIndex extends Pick<KbIndex, 'aliases' | 'projects' | 'repos' | 'artifacts' | 'staleness' | 'locale'> {
  /** Only whom each idea is for (Repo/Project Context counts a project's pending ideas). */
  ideas: Pick<Idea, 'projects'>[];
  /** Per note, packed: bucket, status, project, repo (word id + 1, 0 for none), tag count and ids, hint count and ids, language id. */
  notes: string;
  /** The words the ids stand for. */
  words: string[];
}

/** A note's facts as a pack reads them for every note (not only the candidates). */
export interface NoteFiling {
  bucket: Bucket;
  status: NoteEntry['status'];
  project?: string | undefined;
  repo?: string | undefined;
  tags: string[];
  hints: string[];
  /** The language the note is written in (BCP 47). */
  lang: string;
}

const BUCKET_IDS: readonly Bucket[] = [...BUCKETS, 'notes'];
const STATUSES: readonly NoteEntry['status'][] = ['active', 'deprecated', 'superseded', 'draft'];

/** The head's index for an index and its notes' buckets. */
export function packIndexOf(index: KbIndex, buckets: readonly Bucket[]): PackIndex {
  const words: string[] = [];
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, words.length), words.push(w), words.length - 1);
  const w = new PackedWriter();
  index.notes.forEach((n, i) => {
    w.small(BUCKET_IDS.indexOf(buckets[i]!)).small(STATUSES.indexOf(n.status));
    w.varint(n.project === undefined ? 0 : id(n.project) + 1).varint(n.repo === undefined ? 0 : id(n.repo) + 1);
    w.varint(n.tags.length);
    for (const t of n.tags) w.varint(id(t));
    w.varint(n.hints.length);
    for (const h of n.hints) w.varint(id(h));
    w.varint(id(n.lang));
  });
  return {
    aliases: index.aliases,
    projects: index.projects,
    repos: index.repos,
    artifacts: index.artifacts,
    staleness: index.staleness,
    locale: index.locale,
    ideas: index.ideas.map((i) => ({ projects: i.projects })),
    notes: w.toString(),
    words,
  };
}

const FACTS = new WeakMap<PackIndex, NoteFiling[]>();

/** Every note's facts, unpacked once per head. */
export function noteFilingOf(index: PackIndex, noteCount: number): NoteFiling[] {
  let facts = FACTS.get(index);
  if (facts) return facts;
  const r = new PackedReader(index.notes);
  const word = (k: number) => index.words[k]!;
  facts = Array.from({ length: noteCount }, () => {
    const bucket = BUCKET_IDS[r.small()]!;
    const status = STATUSES[r.small()]!;
    const project = r.varint();
    const repo = r.varint();
    const tags = Array.from({ length: r.varint() }, () => word(r.varint()));
    const hints = Array.from({ length: r.varint() }, () => word(r.varint()));
    const lang = word(r.varint());
    return { bucket, status, ...(project ? { project: word(project - 1) } : {}), ...(repo ? { repo: word(repo - 1) } : {}), tags, hints, lang };
  });
  FACTS.set(index, facts);
  return facts;
}
