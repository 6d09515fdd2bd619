// What a live preview (`kb dev`, `astro dev`) keeps of a folder's reading between its readings: each file's reading,
// by what `stat` says of the file. A saved note is then the only file read, decoded, hashed and looked up again; the
// other files' readings are handed on as they were. The index cache (indexCache.ts) still decides by content: this
// memo only spares the reading of files whose stat is unchanged.
import type { Stats } from 'node:fs';
import type { SourceFile } from '../../core/index/buildIndex.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { FileReading } from './fileReading.js';
import type { KbConfigMemo } from '../loadKbConfig.js';

/**
 * A file changed this close to its reading is read again the next time too: a clock coarser than two quick saves
 * could give both the same time (git's "racy" files). Its reading is not kept.
 */
export const RACY_MS = 2000;

/** One file's reading, kept with the stat it was made under. */
export interface MemoEntry {
  stamp: string;
  src: SourceFile;
  /** What the reading told (credentials left as placeholders or allowed): told again when the reading is reused. */
  notices: KbIssue[];
  /** The index cache's key and the facts read under it. */
  key: string;
  facts: FileReading;
}

export interface ReadingMemo {
  /** The reading options the kept readings were made under (folder, secret policy, links): others reuse none. */
  options: string;
  files: Map<string, MemoEntry>;
  /** RACY_MS (a test that has just written its files gives 0). */
  racyMs: number;
  /** The folder's configuration, by the text of its files (loadKbConfig). */
  config: KbConfigMemo;
}

export function createReadingMemo({ racyMs = RACY_MS }: { racyMs?: number } = {}): ReadingMemo {
  return { options: '', files: new Map(), racyMs, config: {} };
}

/**
 * What must stay the same for a kept reading to be reused: the file's device, inode, size and both times. Undefined
 * for a file changed within `racyMs` of `now`, whose reading is not kept.
 */
export function fileStamp(st: Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>, now: number, racyMs = RACY_MS): string | undefined {
  if (Math.max(st.mtimeMs, st.ctimeMs) > now - racyMs) return undefined;
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}
