import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { blockTokenCounts, buildPackData, type PackData } from '../../core/context/buildPackData.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import type { NoteWarn } from '../../core/util/perNote.js';
import { rankerCodeHash } from '../cache/cacheCode.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { openPackDataFile, writePackDataFile } from './packDataFile.js';

/** A cache entry's file: the pack data in parts (packDataFile.ts). */
const EXT = '.parts';
/** Beside it, the code key of the code that built it (rankerCodeHash): whether its token counts can be taken again. */
const CODE = '.code';

/**
 * Pack data (the ranker's index over every body, excerpts, token counts) cached on disk by a hash of everything
 * it is built from: the index, the bodies and the code that builds it (`rankerHash`, rankerCodeHash.ts). One entry per folder, the latest; `kb context` / `kb pack` and the
 * site build read it instead of rebuilding (~5 s at 10,000 notes) while the notes are unchanged.
 */
export function cachedPackData(
  index: KbIndex,
  bodies: ReadonlyMap<string, string>,
  dir: string | undefined,
  rankerHash = rankerCodeHash(),
  warn?: NoteWarn,
): PackData {
  if (!dir) return buildPackData(index, bodies, { warn });
  return packDataUnder(
    dir,
    packDataKey(index, bodies, rankerHash),
    (tokenCounts) => buildPackData(index, bodies, { warn, tokenCounts }),
    () => rankerHash,
  );
}

/**
 * The key of the pack data of an index read from (or just written as) the index snapshot `snapshotId`: the
 * id names the folder's files, the options and the code (this builder's included), so nothing is hashed and
 * no body read while the pack data is there.
 */
export function snapshotPackDataKey(snapshotId: string): string {
  return `snapshot-${snapshotId}`;
}

/**
 * The pack data filed under `key` in `dir`, else built and filed there. `code` (the ranker's code key, asked for only
 * when the data is built): the entry filed before, made by the same code, gives `build` its blocks' token counts.
 */
export function packDataUnder(
  dir: string,
  key: string,
  build: (tokenCounts: ReadonlyMap<string, number> | undefined) => PackData,
  code?: () => string,
): PackData {
  const cached = readPackData(dir, key);
  if (cached) return cached;
  const rankerHash = code?.();
  const data = build(rankerHash === undefined ? undefined : previousTokenCounts(dir, key, rankerHash));
  savePackData(dir, key, data, rankerHash);
  return data;
}

/**
 * The token counts of the blocks of the pack data filed in `dir` under another key than `key` (the one before an edit)
 * by code of the key `rankerHash`; undefined when there is none (or it cannot be read: the counts are only faster).
 */
export function previousTokenCounts(dir: string, key: string, rankerHash: string): Map<string, number> | undefined {
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(CODE) || name === `${key}${CODE}`) continue;
      const entry = name.slice(0, -CODE.length);
      if (readFileSync(join(dir, name), 'utf8') !== rankerHash) continue;
      const data = readPackData(dir, entry);
      if (data) return blockTokenCounts(data);
    }
  } catch {
    // no earlier pack data to take counts from: they are counted
  }
  return undefined;
}

export function packDataKey(index: KbIndex, bodies: ReadonlyMap<string, string>, rankerHash: string): string {
  // The code's key covers the pack data's format (packParts.ts and its version are in the builder's module graph).
  const hash = createHash('sha256').update(`${rankerHash}\0`).update(JSON.stringify(index)).update('\0');
  for (const n of index.notes) hash.update(bodies.get(n.path) ?? '').update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** Whether pack data is filed under `key` in `dir` (without reading it). */
export function packDataFiled(dir: string, key: string): boolean {
  return existsSync(join(dir, `${key}${EXT}`));
}

export function readPackData(dir: string, key: string): PackData | undefined {
  // Written by this module under a key that holds the code's key (the format's included): the head is checked, the shards read as used.
  return openPackDataFile(join(dir, `${key}${EXT}`));
}

/**
 * Written beside its name and renamed, so a concurrent reader never sees half a file, with the code key of the code
 * that built it when known (`rankerHash`); older entries go. Never throws.
 */
export function savePackData(dir: string, key: string, data: PackData, rankerHash?: string): void {
  try {
    writePackDataFile(join(dir, `${key}${EXT}`), data);
    if (rankerHash !== undefined) writeFileAtomic(join(dir, `${key}${CODE}`), rankerHash);
    const kept = new Set([`${key}${EXT}`, ...(rankerHash !== undefined ? [`${key}${CODE}`] : [])]);
    for (const name of readdirSync(dir)) if (!kept.has(name) && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  } catch {
    // a cache that cannot be written is only slower
  }
}
