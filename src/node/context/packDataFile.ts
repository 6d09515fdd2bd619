import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { NoteShard, PackData, TermShard } from '../../core/context/packParts.js';
import { packHeadSchema } from '../../core/context/packPartsSchema.js';
import { writeFileAtomic } from '../writeFileAtomic.js';

const MAGIC = Buffer.from('kb-pack\n');

/** Where each part lies in the file: byte lengths of the head, then every term shard, then every note shard. */
interface Table {
  terms: number;
  notes: number;
  lengths: number[];
}

/**
 * The pack data in one file of parts: `MAGIC`, the table's length (4 bytes), the table (JSON), then each part's
 * JSON one after the other (the head, the term shards, the note shards). A reader parses the head and only the
 * shards a pack asks for: at 10,000 notes a pack reads ~1 MB of the file's ~55 MB.
 */
export function writePackDataFile(file: string, data: PackData): void {
  const parts = [data.head, ...data.terms, ...data.notes].map((p) => Buffer.from(JSON.stringify(p), 'utf8'));
  const table: Table = { terms: data.terms.length, notes: data.notes.length, lengths: parts.map((p) => p.length) };
  const head = Buffer.from(JSON.stringify(table), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  writeFileAtomic(file, Buffer.concat([MAGIC, length, head, ...parts]));
}

/** Bytes read from pack data files by this process (a test's measure of laziness). */
export const packDataFileReads = { bytes: 0 };

/**
 * The pack data in `file`, its head read and checked now and each shard read when first used (then kept). A
 * shard is read by opening the file again: the file's name is its content's key, so a newer run that replaces it
 * writes the same bytes; one that removed it (the folder changed since) makes the read throw "run again".
 * Undefined when the file is missing, damaged or of another version.
 */
export function openPackDataFile(file: string): PackData | undefined {
  try {
    const start = readAt(file, 0, MAGIC.length + 4);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const tableBytes = start.readUInt32LE(MAGIC.length);
    const table = JSON.parse(readAt(file, MAGIC.length + 4, tableBytes).toString('utf8')) as Table;
    const offsets: number[] = [];
    let at = MAGIC.length + 4 + tableBytes;
    for (const n of table.lengths) {
      offsets.push(at);
      at += n;
    }
    if (at !== statSync(file).size || table.lengths.length !== 1 + table.terms + table.notes) return undefined;
    const part = (k: number): unknown => JSON.parse(readAt(file, offsets[k]!, table.lengths[k]!).toString('utf8'));
    const head = packHeadSchema.safeParse(part(0));
    if (!head.success) return undefined;
    return {
      head: head.data,
      terms: lazyParts<TermShard>(table.terms, (k) => part(1 + k)),
      notes: lazyParts<NoteShard>(table.notes, (k) => part(1 + table.terms + k)),
    };
  } catch {
    return undefined;
  }
}

/** `bytes` bytes of `file` from `at`; throws when the file is gone or shorter. */
function readAt(file: string, at: number, bytes: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new Error(`the pack data file ${file} went away while it was read (another kb run?); run the command again.`, { cause: err });
  }
  try {
    const buf = Buffer.allocUnsafe(bytes);
    let got = 0;
    while (got < bytes) {
      const n = readSync(fd, buf, got, bytes - got, at + got);
      if (n === 0) throw new Error(`the pack data file ${file} is shorter than its table says; run the command again.`);
      got += n;
    }
    packDataFileReads.bytes += bytes;
    return buf;
  } finally {
    closeSync(fd);
  }
}

/**
 * An array of `n` parts, each read by `load` when indexed and held weakly: a part stays while something uses it (a
 * pack holds its shards to its end) and is read again after it was collected, so a build that walks every part to
 * publish it does not keep them all. A part written to the array is held as any array element is.
 */
function lazyParts<T extends object>(n: number, load: (k: number) => unknown): T[] {
  const parts: T[] = new Array<T>(n);
  const held: (WeakRef<T> | undefined)[] = new Array<WeakRef<T> | undefined>(n);
  for (let k = 0; k < n; k++)
    Object.defineProperty(parts, k, {
      configurable: true,
      enumerable: true,
      get() {
        const known = held[k]?.deref();
        if (known) return known;
        const value = load(k) as T;
        held[k] = new WeakRef(value);
        return value;
      },
      set(value: T) {
        Object.defineProperty(parts, k, { value, writable: true, configurable: true, enumerable: true });
      },
    });
  return parts;
}
