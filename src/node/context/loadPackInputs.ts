import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackData, type PackData } from '../../core/context/buildPackData.js';
import { KB_INDEX_VERSION, type KbIndex } from '../../core/index/kbIndexSchema.js';
import { indexKnowledgeFolder, type IndexOptions } from '../indexKnowledgeFolder.js';
import { cachedPackData } from './cachedPackData.js';

export interface PackInputs {
  index: KbIndex;
  data: PackData;
  /** Note bodies by path (what the pack data was built from). */
  bodies: ReadonlyMap<string, string>;
  /** Why the pack will be empty (no knowledge folder), when it will. */
  warnings: string[];
}

/** The CLI's path to a pack: index the folder, then build the pack data the island fetches too. */
export function loadPackInputs(kbDir: string, options: IndexOptions = {}): PackInputs {
  if (!existsSync(kbDir)) {
    const index = emptyIndex();
    return { index, data: buildPackData(index, new Map()), bodies: new Map(), warnings: [`No knowledge folder at ${kbDir}; the pack is empty.`] };
  }
  const result = indexKnowledgeFolder(kbDir, options);
  // The pack data is cached beside the index cache, when there is one.
  const data = cachedPackData(result.index, result.bodies, result.cacheDir === undefined ? undefined : join(result.cacheDir, 'pack-data'));
  return { index: result.index, data, bodies: result.bodies, warnings: [] };
}

function emptyIndex(): KbIndex {
  return {
    version: KB_INDEX_VERSION,
    title: 'Knowledge base',
    layout: 'flat',
    locale: 'en',
    sharing: false,
    staleness: { ideas: 7, codemap: 14, stitch: 30 },
    searchScope: '',
    knownTags: [],
    otherTags: [],
    aliases: {},
    projects: [],
    notes: [],
    ideas: [],
    ideasFolder: false,
    legacyIdeasBacklog: false,
    artifacts: [],
    buckets: {},
    packs: [],
    repos: [],
  };
}
