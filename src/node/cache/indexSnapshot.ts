import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { stillHolds, type FsRecord } from '../fs/recordingFs.js';
import { writeFileAtomic } from '../writeFileAtomic.js';

/** The snapshot's file in an index cache folder, beside the per-file facts. */
export const SNAPSHOT_FILE = 'index-snapshot.bin';
const MAGIC = Buffer.from('kb-snap\n');
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the reading was asked for; a snapshot answers only the same question. */
export interface SnapshotKey {
  kbDir: string;
  allowSecrets: boolean;
  secretsAllow: readonly string[];
}

/** What the snapshot keeps of an indexed folder: what `kb query`, `kb search` and `kb context` use. */
export interface SnapshotContent {
  index: KbIndex;
  bodies: ReadonlyMap<string, string>;
  reading: { kbDir: string; secrets: { allowAll: boolean; allow: string[] } };
}

/** A snapshot read back: the index, and the bodies when they were asked for. */
export interface IndexSnapshot {
  index: KbIndex;
  bodies: Map<string, string> | undefined;
  reading: SnapshotContent['reading'];
  /** Names the snapshot's content: the same files, code and options give the same id. */
  id: string;
}

interface Meta {
  key: string;
  id: string;
  record: FsRecord;
  reading: SnapshotContent['reading'];
  /** Byte length of the index's JSON, which follows the meta. */
  indexBytes: number;
  /** The bodies follow the index, UTF-8, one after the other: each body's path and length in bytes, in the map's order. */
  bodies: { paths: string[]; lengths: number[]; bytes: number };
}

/**
 * The key as text: Node's version (its Unicode tables shape the tokenizer and the secret rules), the options. The
 * code that wrote the snapshot (this format included) is in its record: a snapshot of other code is never read.
 */
export function snapshotKey(key: SnapshotKey): string {
  return JSON.stringify([process.version, key.kbDir, key.allowSecrets, [...key.secretsAllow]]);
}

/**
 * Write the snapshot: `MAGIC`, the meta's length (4 bytes), the meta (JSON), the index (JSON), the bodies.
 * `record` covers every file and folder the reading looked at and the code that read it; `id` names all of
 * it. Written beside its name and renamed; never throws (without a snapshot the next run only reads again).
 */
export function writeSnapshot(dir: string, key: SnapshotKey, id: string, record: FsRecord, content: SnapshotContent): boolean {
  try {
    const paths = [...content.bodies.keys()];
    // UTF-8 cannot carry a lone surrogate back: such a folder (none read from a file has one) gets no snapshot.
    if ([...content.bodies.values()].some((t) => LONE_SURROGATE.test(t))) return false;
    const texts = [...content.bodies.values()].map((t) => Buffer.from(t, 'utf8'));
    const bodies = Buffer.concat(texts);
    const index = Buffer.from(JSON.stringify(content.index), 'utf8');
    const meta: Meta = {
      key: snapshotKey(key),
      id,
      record,
      reading: content.reading,
      indexBytes: index.length,
      bodies: { paths, lengths: texts.map((t) => t.length), bytes: bodies.length },
    };
    const head = Buffer.from(JSON.stringify(meta), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(head.length);
    writeFileAtomic(join(dir, SNAPSHOT_FILE), Buffer.concat([MAGIC, length, head, index, bodies]));
    return true;
  } catch {
    return false;
  }
}

/**
 * The snapshot of `dir`, when there is one for this key and every file and folder it recorded still has the
 * signature it had (stat only: nothing of the knowledge folder is read). Undefined otherwise, or when the
 * file is damaged. The bodies (most of the file) are read only when `wantBodies` says so, given the id.
 */
export function readSnapshot(dir: string, key: SnapshotKey, wantBodies: boolean | ((id: string) => boolean) = true): IndexSnapshot | undefined {
  return withSnapshotFile(dir, (file) => {
    if (file.meta.key !== snapshotKey(key) || !stillHolds(file.meta.record)) return undefined;
    const indexBuf = readExactly(file.fd, file.indexAt, file.meta.indexBytes, file.size);
    if (!indexBuf) return undefined;
    const index = JSON.parse(indexBuf.toString('utf8')) as KbIndex;
    const want = typeof wantBodies === 'function' ? wantBodies(file.meta.id) : wantBodies;
    const bodies = want ? readBodies(file) : undefined;
    if (want && !bodies) return undefined;
    return { index, reading: file.meta.reading, id: file.meta.id, bodies };
  });
}

/** The bodies of the snapshot `id` in `dir`, read later than its index; undefined when the file holds another snapshot by now. */
export function readSnapshotBodies(dir: string, id: string): Map<string, string> | undefined {
  return withSnapshotFile(dir, (file) => (file.meta.id === id ? readBodies(file) : undefined));
}

interface SnapshotFile {
  fd: number;
  size: number;
  meta: Meta;
  indexAt: number;
}

/** Open the snapshot file and read its meta; `use` it while open. Undefined for a missing, damaged or foreign file. */
function withSnapshotFile<T>(dir: string, use: (file: SnapshotFile) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(join(dir, SNAPSHOT_FILE), 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const head = readExactly(fd, 0, MAGIC.length + 4, size);
    if (!head?.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const metaBytes = head.readUInt32LE(MAGIC.length);
    const metaBuf = readExactly(fd, MAGIC.length + 4, metaBytes, size);
    if (!metaBuf) return undefined;
    const meta = JSON.parse(metaBuf.toString('utf8')) as Meta;
    const indexAt = MAGIC.length + 4 + metaBytes;
    if (indexAt + meta.indexBytes + meta.bodies.bytes !== size) return undefined;
    return use({ fd, size, meta, indexAt });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function readBodies(file: SnapshotFile): Map<string, string> | undefined {
  const layout = file.meta.bodies;
  const buf = readExactly(file.fd, file.indexAt + file.meta.indexBytes, layout.bytes, file.size);
  if (!buf) return undefined;
  const bodies = new Map<string, string>();
  let at = 0;
  layout.paths.forEach((path, i) => {
    const length = layout.lengths[i]!;
    bodies.set(path, buf.toString('utf8', at, at + length));
    at += length;
  });
  return bodies;
}

function readExactly(fd: number, position: number, length: number, size: number): Buffer | undefined {
  if (position + length > size) return undefined;
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, position + done);
    if (n === 0) return undefined;
    done += n;
  }
  return buf;
}
