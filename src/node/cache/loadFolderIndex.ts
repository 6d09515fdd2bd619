import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { isRacy, recordingFs, signature } from '../fs/recordingFs.js';
import { readSnapshot, snapshotKey, writeSnapshot, type SnapshotContent, type SnapshotKey } from './indexSnapshot.js';

/** An indexed folder as the quick commands need it (`kb query`, `kb search`, `kb context`). */
export interface FolderIndex {
  index: KbIndex;
  /** Each note's body by path: always after a reading, from a snapshot only when asked for. */
  bodies: ReadonlyMap<string, string> | undefined;
  /** What `kb query --load` needs to read a file as it is published. */
  reading: SnapshotContent['reading'];
  /** The index cache folder used (undefined: none). */
  cacheDir: string | undefined;
  /** The snapshot this index is (or was just written as): names the folder's files, the options and the code. */
  snapshotId: string | undefined;
  /** Where it came from: the snapshot, or a reading of the folder (through the per-file cache when there is one). */
  from: 'snapshot' | 'reading';
}

export interface LoadFolderOptions {
  allowSecrets?: boolean | undefined;
  secretsAllow?: readonly string[] | undefined;
  /** The index cache folder (`indexCacheFrom`); none: the folder is read and nothing is kept. */
  cacheDir?: string | undefined;
  /** Whether the bodies are needed, given the snapshot's id (e.g. only when the pack data is not cached). Default: yes. */
  bodies?: boolean | ((snapshotId: string) => boolean) | undefined;
  /**
   * A reading whose files changed less than this long before it began is not kept as a snapshot (see
   * `isRacy`). Default 2000 ms.
   */
  racyMs?: number | undefined;
  /**
   * The clock the racy-window check reads when the reading begins (ms since the epoch, as file times are).
   * Default `Date.now`; tests pass a fixed value so whether a snapshot is kept never depends on how long a
   * fixture took to write.
   */
  now?: (() => number) | undefined;
  /**
   * The code a snapshot depends on: its key and the files it was read from, whose signatures join the snapshot's
   * record. Default: cacheCode('indexSnapshot'); tests pass a copy of that code to change it.
   */
  code?: (() => { key: string; files: string[] }) | undefined;
}

const RACY_MS = 2000;

/**
 * The index of a knowledge folder, from its snapshot when nothing it was read from changed: each file's and
 * folder's size, times and inode are compared with the disk (no file is read, no YAML parsed), the index
 * loaded from one file, the bodies only when asked for. Otherwise the folder is indexed as always
 * (indexKnowledgeFolder, through the per-file facts cache) and the snapshot written for the next call.
 * The answer is the same either way, and the same as without any cache.
 */
export async function loadFolderIndex(kbDirArg: string, options: LoadFolderOptions = {}): Promise<FolderIndex> {
  const kbDir = resolve(kbDirArg);
  const key: SnapshotKey = { kbDir, allowSecrets: options.allowSecrets ?? false, secretsAllow: options.secretsAllow ?? [] };
  const cacheDir = options.cacheDir === undefined || isInside(resolve(options.cacheDir), kbDir) ? undefined : resolve(options.cacheDir);
  if (cacheDir !== undefined) {
    const snapshot = readSnapshot(cacheDir, key, options.bodies ?? true);
    if (snapshot) return { index: snapshot.index, bodies: snapshot.bodies, reading: snapshot.reading, cacheDir, snapshotId: snapshot.id, from: 'snapshot' };
  }
  const started = (options.now ?? Date.now)();
  // Everything a reading needs (YAML, Secretlint, the tokenizer, zod) is loaded only now.
  const { indexKnowledgeFolder } = await import('../indexKnowledgeFolder.js');
  const { fs, record } = recordingFs();
  const folder = indexKnowledgeFolder(kbDirArg, { allowSecrets: key.allowSecrets, secretsAllow: key.secretsAllow, cacheDir, fs });
  const reading = { kbDir: folder.reading.kbDir, secrets: folder.reading.secrets };
  let snapshotId: string | undefined;
  if (folder.cacheDir !== undefined && !isRacy(record, started, options.racyMs ?? RACY_MS)) {
    // The code a snapshot depends on (the reader, the snapshot's format, the pack data's builder): its files' signatures
    // join the record, so a snapshot of other code is never read.
    const { cacheCode } = await import('./cacheCode.js');
    const code = options.code?.() ?? cacheCode('indexSnapshot');
    for (const file of code.files) record.stat[file] = signature(statSync(file));
    const id = createHash('sha256')
      .update(snapshotKey(key))
      .update('\0')
      .update(code.key)
      .update('\0')
      .update(JSON.stringify(record))
      .digest('hex')
      .slice(0, 32);
    if (writeSnapshot(folder.cacheDir, key, id, record, { index: folder.index, bodies: folder.bodies, reading })) snapshotId = id;
  }
  return { index: folder.index, bodies: folder.bodies, reading, cacheDir: folder.cacheDir, snapshotId, from: 'reading' };
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
