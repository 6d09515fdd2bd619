import { join } from 'node:path';
import { buildContextPack } from '../core/context/buildContextPack.js';
import type { PackData } from '../core/context/buildPackData.js';
import { configuredPacks } from '../core/context/configuredPacks.js';
import type { PackRequest } from '../core/context/packTypes.js';
import { renderIndexMd } from '../core/render/renderIndexMd.js';
import { createTokenCounter, type TokenCounter } from '../core/tokens/tokenCounter.js';
import { renderNoteMarkdown } from '../core/outputs/renderNoteMarkdown.js';
import { cachedPackData } from '../node/context/cachedPackData.js';
import { contextPackFor } from '../node/context/contextPackFor.js';
import { digestsFor } from '../node/context/digestsFor.js';
import { indexKnowledgeFolder, type IndexedFolder } from '../node/indexKnowledgeFolder.js';
import { folderStamp } from './folderStamp.js';
import type { KbSnapshot, KbSource } from './kbSource.js';

export interface LocalOptions {
  /** The index cache the CLI uses for this folder (indexCacheFrom), or none. */
  cacheDir: string | undefined;
  /** For `~` and relative codebase paths in pack requests. */
  home: string;
  cwd: string;
}

/**
 * A knowledge folder, indexed through the CLI's index cache and kept in memory. Before each call the folder's
 * stamp (folderStamp.ts) is compared with the one it was indexed at: an edited, added or removed file makes the
 * next snapshot index it again (only changed files are parsed again, through the cache), so a change is
 * served without a restart. The pack data is built (or read from the cache) on the first pack asked for, or when
 * the server warms up after starting.
 */
export function localSource(kbDir: string, options: LocalOptions): KbSource {
  let current: { stamp: string; snapshot: KbSnapshot } | undefined;
  // One token counter for every pack the server builds: their notes' lines repeat from pack to pack.
  const count = createTokenCounter();
  return {
    mode: 'local',
    location: kbDir,
    async snapshot() {
      const stamp = folderStamp(kbDir);
      if (current?.stamp !== stamp)
        current = { stamp, snapshot: snapshotOf(kbDir, indexKnowledgeFolder(kbDir, { cacheDir: options.cacheDir }), stamp, options, count) };
      return current.snapshot;
    },
  };
}

function snapshotOf(kbDir: string, folder: IndexedFolder, version: string, options: LocalOptions, count: TokenCounter): KbSnapshot {
  const { index, bodies } = folder;
  let data: PackData | undefined;
  const packData = () => (data ??= cachedPackData(index, bodies, folder.cacheDir === undefined ? undefined : join(folder.cacheDir, 'pack-data')));
  const env = { home: options.home, cwd: options.cwd };
  const held = new Map(folder.report.filter((e) => e.outcome !== 'indexed' && e.outcome !== 'warned').map((e) => [e.path, e]));
  return {
    version,
    index,
    searchBodies: async () => bodies,
    contextPack: async (request: PackRequest) => contextPackFor(kbDir, { index, data: packData(), bodies, warnings: [] }, request, env, count),
    noteMarkdown: async (note) => renderNoteMarkdown(note, bodies.get(note.path) ?? ''),
    heldBack(path) {
      const entry = held.get(path);
      if (!entry) return undefined;
      if (entry.outcome === 'unpublished')
        return `${path} is not published (${entry.rule === 'config-private' ? 'private: kb.config.yaml' : 'draft or private in its frontmatter'}); kb mcp serves published notes only.`;
      if (entry.outcome === 'idea') return `${path} is an idea (intake/ideas/), not a note; kb query lists pending ideas for a project key.`;
      return `${path} is not indexed (${entry.rule ?? 'excluded'})${entry.messages?.length ? `: ${entry.messages[0]}` : ''}.`;
    },
    async packMarkdown(slug, today) {
      const pack = configuredPacks(index).find((p) => p.slug === slug);
      if (!pack) return undefined;
      const request = { ...pack.request, today };
      return buildContextPack(packData(), request, digestsFor(kbDir, index, request, env).digests, { count }).contextPackMarkdown;
    },
    indexMd: async () => renderIndexMd(index),
    warm: async () => void packData(),
  };
}
