// Node adapter: the `.canvas` and `.base` files of an indexed folder, read for the site. The folder's walk already
// listed them with its other non-Markdown files (the report keeps them as `not-markdown`); the ones in published
// places are read here: not in a private glob or an archive folder, regular files inside the folder, with
// credentials redacted as in notes (each with a warning naming the line).
import { join } from 'node:path';
import picomatch from 'picomatch';
import { isArchiveFolder } from '../../core/classify/classifyPath.js';
import type { BoardKind } from '../../core/boards/boardEntries.js';
import type { KbIssue } from '../../core/util/issue.js';
import { nodeFs, type KbFs } from '../fs/kbFs.js';
import type { FolderReading } from '../readKnowledgeFolder.js';
import { decodeSource, readSourceBytes } from '../readSourceFile.js';
import { normaliseSourceText } from '../parseSourceText.js';
import { redactFileText } from '../security/redactFileText.js';
import { secretPolicyOf } from '../security/redactSecrets.js';

/** One canvas or base file as read. */
export interface BoardFile {
  path: string;
  kind: BoardKind;
  text: string;
}

const KINDS: Record<string, BoardKind> = { canvas: 'canvas', base: 'base' };

/** The board kind of a path, by its extension. */
export function boardKind(path: string): BoardKind | undefined {
  return KINDS[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
}

/** The paths of the canvases and bases the site publishes, sorted. */
export function boardPaths(reading: Pick<FolderReading, 'attachments' | 'config'>): string[] {
  const isPrivate = picomatch(reading.config.private.length ? reading.config.private : ['\0'], { dot: true });
  return reading.attachments.filter((path) => boardKind(path) && !isPrivate(path) && !path.split('/').slice(0, -1).some(isArchiveFolder));
}

export function readBoards(
  reading: Pick<FolderReading, 'attachments' | 'config' | 'kbDir' | 'secrets'>,
  fs: KbFs = nodeFs,
): { files: BoardFile[]; issues: KbIssue[] } {
  const issues: KbIssue[] = [];
  const policy = secretPolicyOf(reading.secrets);
  const files: BoardFile[] = [];
  for (const path of boardPaths(reading)) {
    const abs = join(reading.kbDir, path);
    const read = readSourceBytes(fs, abs);
    if ('rule' in read) {
      issues.push({ severity: 'warning', code: read.rule, file: path, message: read.message });
      continue;
    }
    const { text, issues: found } = redactFileText(normaliseSourceText(decodeSource(read.buf).text), path, abs, policy);
    issues.push(...found);
    files.push({ path, kind: boardKind(path)!, text });
  }
  return { files, issues };
}
