import type { RepoDigest } from '../discover/repoDigest.js';
import { buildContextPack, type PackOptions } from './buildContextPack.js';
import { noteShardOf, packDataFromHead, PACK_FILES, type PackData } from './packParts.js';
import { noteShardSchema, packHeadSchema, termShardSchema } from './packPartsSchema.js';
import { loadTextLanguages } from '../text/textLanguages.js';
import { headLanguages, MissingPackParts } from './packSource.js';
import type { ContextPack, PackRequest } from './packTypes.js';

/** Reads one part of the pack data by its path under the pack data's folder (`head.json`, `t/3.json`, …) as parsed JSON. */
export type FetchPart = (path: string) => Promise<unknown>;

/** Pack data that fills itself from a FetchPart as packs ask for parts; parts are fetched once and kept. */
export interface PackDataLoader {
  /** The data loaded so far (the head once `pack` has run). */
  readonly data: PackData | undefined;
  /** Parts fetched so far, by path. */
  readonly fetched: readonly string[];
  /** Rounds of fetching so far (the head, then one per MissingPackParts). */
  readonly rounds: number;
  /** Build a pack, fetching the parts it needs (a few rounds: terms, then the notes they rank). */
  pack(request: PackRequest, digests?: readonly RepoDigest[], options?: PackOptions, hint?: PackHint): Promise<ContextPack>;
}

/** What the caller knows ahead: a page pack's note number (its position in the index), so its shard comes first. */
export interface PackHint {
  note?: number | undefined;
}

/** Rounds of fetching one pack may take before it is treated as a bug (each round fetches something new). */
const MAX_ROUNDS = 12;

/**
 * The island's (and a test's) way to pack from published parts: the same buildContextPack the CLI runs on
 * complete data, retried after each MissingPackParts with the named parts fetched (validated), so the pack
 * is the CLI's, byte for byte. Pure: the fetch is injected.
 */
export function createPackDataLoader(fetchPart: FetchPart): PackDataLoader {
  let data: PackData | undefined;
  let head: Promise<PackData> | undefined;
  let rounds = 0;
  const fetched: string[] = [];
  const get = async <T>(path: string, parse: (x: unknown) => T): Promise<T> => {
    const value = parse(await fetchPart(path));
    fetched.push(path);
    return value;
  };
  const load = async (missing: MissingPackParts, d: PackData) => {
    rounds++;
    await Promise.all([
      ...missing.terms.map(async (k) => void (d.terms[k] ??= await get(PACK_FILES.term(k), (x) => termShardSchema.parse(x)))),
      ...missing.notes.map(async (k) => void (d.notes[k] ??= await get(PACK_FILES.note(k), (x) => noteShardSchema.parse(x)))),
    ]);
  };
  return {
    get data() {
      return data;
    },
    get rounds() {
      return rounds;
    },
    fetched,
    async pack(request, digests = [], options = {}, hint) {
      head ??= get(PACK_FILES.head, (x) => packHeadSchema.parse(x)).then((h) => {
        rounds++;
        return (data = packDataFromHead(h));
      });
      const d = await head;
      // The stemmers and stop words of the folder's languages and the task's, and no others (textLanguages.ts).
      await loadTextLanguages(headLanguages(d.head, request.lang));
      // A page pack finds its note among the loaded shards: load the one the caller says holds it.
      if (hint?.note !== undefined && hint.note >= 0 && hint.note < d.head.noteCount) await load(new MissingPackParts([], [noteShardOf(d.head, hint.note)]), d);
      for (let round = 0; ; round++) {
        try {
          return buildContextPack(d, request, digests, options);
        } catch (err) {
          if (!(err instanceof MissingPackParts) || round >= MAX_ROUNDS) throw err;
          await load(err, d);
        }
      }
    },
  };
}
