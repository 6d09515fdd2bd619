import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackData, type PackData } from '../../core/context/buildPackData.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import type { NoteWarn } from '../../core/util/perNote.js';
import { rankerCodeHash } from '../cache/cacheCode.js';
import { openPackDataFile, writePackDataFile } from './packDataFile.js';

/** A cache entry's file: the pack data in parts (packDataFile.ts). */
const EXT = '.parts';

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
  return packDataUnder(dir, packDataKey(index, bodies, rankerHash), () => buildPackData(index, bodies, { warn }));
}

/**
 * The key of the pack data of an index read from (or just written as) the index snapshot `snapshotId`: the
 * id names the folder's files, the options and the code (this builder's included), so nothing is hashed and
 * no body read while the pack data is there.
 */
export function snapshotPackDataKey(snapshotId: string): string {
  return `snapshot-${snapshotId}`;
}

/** The pack data filed under `key` in `dir`, else built and filed there. */
export function packDataUnder(dir: string, key: string, build: () => PackData): PackData {
  const cached = readPackData(dir, key);
  if (cached) return cached;
  const data = build();
  savePackData(dir, key, data);
  return data;
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

/** Written beside its name and renamed, so a concurrent reader never sees half a file; older entries go. Never throws. */
export function savePackData(dir: string, key: string, data: PackData): void {
  try {
    writePackDataFile(join(dir, `${key}${EXT}`), data);
    for (const name of readdirSync(dir)) if (name !== `${key}${EXT}` && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  } catch {
    // a cache that cannot be written is only slower
  }
}
