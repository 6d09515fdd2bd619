import { indexKnowledgeFolder, requireNotes, type IndexedFolder, type IndexOptions } from '../node/indexKnowledgeFolder.js';
import { allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom } from './flags.js';
import type { Io } from './io.js';

/** The flags `kb index` and `kb check` read a folder with. */
export interface FolderFlags {
  kb?: string | undefined;
  allowSecrets?: boolean | undefined;
  noCache?: boolean | undefined;
}

/**
 * The folder `--kb` (or KB_DIR, or `.`) names, indexed through the index cache unless `--no-cache`, secrets
 * redacted unless `--allow-secrets`. A missing folder is a usage error; a folder without notes says so.
 * `links`: keep each note's links with its facts (`kb check` reads them; `kb index` does not).
 */
export function indexAskedFolder(values: FolderFlags, io: Io, options: Pick<IndexOptions, 'links'> = {}): IndexedFolder {
  const kbDir = existingKbDir(values.kb, io);
  return requireNotes(
    indexKnowledgeFolder(kbDir, {
      allowSecrets: allowSecretsFrom(values.allowSecrets, io),
      cacheDir: indexCacheFrom(values.noCache, kbDir, io),
      links: options.links,
    }),
    askedKbDir(values.kb, io),
  );
}
