import { join, relative, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { compareStrings } from '../../core/util/compare.js';
import { errorCode, nodeFs, type KbFs } from './kbFs.js';

/** Why the walk passed something by. */
export type WalkSkipRule = 'ignored-folder' | 'symlink-broken' | 'symlink-outside' | 'symlink-loop' | 'not-a-file' | 'unreadable';

export interface WalkSkip {
  /** Relative to the walk's root, `/`-separated; a folder ends in `/` when it was passed by whole (ignored, unreadable). */
  path: string;
  rule: WalkSkipRule;
  /** What a person is told (without the path); undefined for what needs no warning (an ignored folder). */
  message?: string | undefined;
  /** The error code of a file or folder that could not be read. */
  code?: string | undefined;
}

export type WalkEntry =
  /** A regular file (or a symlink to one inside the root), with its stat as the walk took it (a symlink's: its target's). */
  | { kind: 'file'; path: string; abs: string; stats: Stats }
  /** A folder about to be entered, with its depth (1 for the root's children). */
  | { kind: 'folder'; path: string; abs: string; depth: number };

export interface WalkOptions {
  fs?: KbFs | undefined;
  /**
   * What to do with a folder (by name and path relative to the root): `enter` it (the default), `ignore` it
   * (reported once as `ignored-folder`), or `skip` it silently (another walk reads it).
   */
  folder?: ((name: string, path: string) => 'enter' | 'ignore' | 'skip') | undefined;
  /**
   * A folder reached through a symlink inside the root: walked under the link's name, once (`once`, the
   * default: a link back into a folder already entered through a link, or into the root, is a loop), or
   * never (`never`: its target is walked under its own name anyway).
   */
  folderLinks?: 'once' | 'never' | undefined;
  /** Told about everything passed by. */
  onSkip(skip: WalkSkip): void;
}

/**
 * The one walk over every tree kb-portal reads (notes, team-shared knowledge, registered codebases and
 * the attachments beside notes), sorted by name at each level. It never leaves the root through a
 * symlink, never opens a named pipe, socket or device (each is reported, so a stray FIFO cannot hang a
 * run), and reports a folder or file it cannot look at with its error code instead of stopping.
 */
export function* walkTree(root: string, options: WalkOptions): Generator<WalkEntry> {
  const fs = options.fs ?? nodeFs;
  const folderLinks = options.folderLinks ?? 'once';
  const realRoot = fs.realpath(root);
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : `${realRoot}${sep}`);
  const linkedFolders = new Set<string>([realRoot]);
  const rel = (abs: string) => relative(root, abs).split(sep).join('/');

  function* visit(dir: string, depth: number): Generator<WalkEntry> {
    let names: string[];
    try {
      names = fs.readdir(dir);
    } catch (err) {
      const code = errorCode(err);
      options.onSkip({
        path: dir === root ? '' : `${rel(dir)}/`,
        rule: 'unreadable',
        code,
        message: `folder cannot be read (${code}); its files are not indexed.`,
      });
      return;
    }
    for (const name of names.sort(compareStrings)) {
      const abs = join(dir, name);
      const path = rel(abs);
      let st: Stats;
      try {
        st = fs.lstat(abs);
      } catch (err) {
        const code = errorCode(err);
        options.onSkip({ path, rule: 'unreadable', code, message: `cannot be read (${code}); not indexed.` });
        continue;
      }
      if (st.isSymbolicLink()) {
        let real: string;
        try {
          real = fs.realpath(abs);
          st = fs.stat(real);
        } catch {
          options.onSkip({ path, rule: 'symlink-broken', message: 'symlink leads nowhere (or round in a loop); not read.' });
          continue;
        }
        if (!inside(real)) {
          options.onSkip({ path, rule: 'symlink-outside', message: 'symlink leads outside the knowledge folder; not read.' });
          continue;
        }
        if (st.isDirectory()) {
          if (folderLinks === 'never') continue; // its target is walked under its own name
          if (linkedFolders.has(real)) {
            options.onSkip({ path, rule: 'symlink-loop', message: 'symlink leads back into a folder already read; not read twice.' });
            continue;
          }
          linkedFolders.add(real);
        }
      }
      if (st.isDirectory()) {
        const verdict = options.folder?.(name, path) ?? 'enter';
        if (verdict === 'ignore') options.onSkip({ path: `${path}/`, rule: 'ignored-folder' });
        if (verdict !== 'enter') continue;
        yield { kind: 'folder', path, abs, depth };
        yield* visit(abs, depth + 1);
      } else if (st.isFile()) {
        yield { kind: 'file', path, abs, stats: st };
      } else {
        options.onSkip({ path, rule: 'not-a-file', message: `is ${specialKind(st)}, not a file; never opened.` });
      }
    }
  }
  yield* visit(root, 1);
}

function specialKind(st: Stats): string {
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'a device';
  return 'not a regular file';
}
