import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { compareStrings } from '../../core/util/compare.js';
import type { FileReading, FileReadingStore } from './fileReading.js';
import { cacheCodeKey } from './cacheCode.js';
import { writeFileAtomic } from '../writeFileAtomic.js';

/** The one file a cache folder holds (plus, briefly, a writer's `.tmp` beside it). */
export const INDEX_CACHE_FILE = 'file-facts.bin';
const MAGIC = 'kb-index-cache\n';
const KEY_BYTES = 32;
const STALE_TMP_MS = 10 * 60 * 1000;

export interface IndexCache extends FileReadingStore {
  /** Entries read from disk that matched the version. */
  readonly loaded: number;
  /**
   * Write the entries this run used, dropping the rest (deleted and edited files): written beside the
   * final name and renamed, so a concurrent reader sees the old file or the new one, never half of one.
   * Nothing is written when every entry was read and none was added. Never throws: a cache that cannot
   * be written only makes the next run cold.
   */
  save(): void;
}

/**
 * The index's on-disk cache: one file per folder, `MAGIC`, the code's key and a line break, then per entry its
 * 32-byte key (fileReadingKey), a 4-byte length and the facts in v8's serialization. Entries are decoded only when
 * asked for. A file written by other code (the facts' producers or their packages: cacheCodeKey), or a damaged
 * one, reads as empty.
 */
export function openIndexCache(dir: string, version: string = cacheCodeKey('indexFacts')): IndexCache {
  const file = join(dir, INDEX_CACHE_FILE);
  const stored = readEntries(file, version);
  // Entries read back stay encoded; entries added this run are encoded once, when saved.
  const used = new Map<string, Buffer | FileReading>();
  let added = false;
  return {
    loaded: stored.size,
    get(key) {
      const raw = used.get(key) ?? stored.get(key);
      if (!raw) return undefined;
      try {
        // A copy every time: the caller may add to it (tokens) without touching another file's facts.
        const facts = deserialize(Buffer.isBuffer(raw) ? raw : serialize(raw)) as FileReading;
        used.set(key, raw);
        return facts;
      } catch {
        return undefined;
      }
    },
    set(key, facts) {
      used.set(key, facts);
      added = true;
    },
    keep(key, facts) {
      if (used.has(key)) return;
      const raw = stored.get(key);
      if (raw) return void used.set(key, raw);
      used.set(key, facts);
      added = true;
    },
    save() {
      if (!added && used.size === stored.size) return;
      writeEntries(dir, file, version, used);
    },
  };
}

function readEntries(file: string, version: string): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return entries;
  }
  const head = Buffer.from(`${MAGIC}${version}\n`);
  if (!buf.subarray(0, head.length).equals(head)) return entries;
  for (let at = head.length; at < buf.length;) {
    if (at + KEY_BYTES + 4 > buf.length) return new Map();
    const key = buf.toString('hex', at, at + KEY_BYTES);
    const length = buf.readUInt32LE(at + KEY_BYTES);
    const start = at + KEY_BYTES + 4;
    if (start + length > buf.length) return new Map();
    entries.set(key, buf.subarray(start, start + length));
    at = start + length;
  }
  return entries;
}

function writeEntries(dir: string, file: string, version: string, entries: ReadonlyMap<string, Buffer | FileReading>): void {
  const parts: Buffer[] = [Buffer.from(`${MAGIC}${version}\n`)];
  for (const key of [...entries.keys()].sort(compareStrings)) {
    const value = encode(entries.get(key)!);
    if (!value) continue;
    const length = Buffer.alloc(4);
    length.writeUInt32LE(value.length);
    parts.push(Buffer.from(key, 'hex'), length, value);
  }
  try {
    mkdirSync(dir, { recursive: true });
    removeStaleTmp(dir);
    writeFileAtomic(file, Buffer.concat(parts), `${process.pid}.${randomBytes(4).toString('hex')}`);
  } catch {
    // A cache that cannot be written only makes the next run cold.
  }
}

function encode(value: Buffer | FileReading): Buffer | undefined {
  if (Buffer.isBuffer(value)) return value;
  try {
    return serialize(value);
  } catch {
    return undefined; // a value v8 cannot serialize is simply not cached
  }
}

/** A writer that died between write and rename leaves its `.tmp`; an old one is nobody's any more. */
function removeStaleTmp(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${INDEX_CACHE_FILE}.`) || !name.endsWith('.tmp')) continue;
    try {
      if (now - statSync(join(dir, name)).mtimeMs > STALE_TMP_MS) rmSync(join(dir, name), { force: true });
    } catch {
      // Renamed or removed by its writer meanwhile.
    }
  }
}
