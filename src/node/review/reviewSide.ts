import { join } from 'node:path';
import { buildContextPack } from '../../core/context/buildContextPack.js';
import { configuredPacks } from '../../core/context/configuredPacks.js';
import type { ReviewSide } from '../../core/review/reviewKnowledge.js';
import { createTokenCounter } from '../../core/tokens/tokenCounter.js';
import { cachedPackData } from '../context/cachedPackData.js';
import { digestsFor } from '../context/digestsFor.js';
import { indexKnowledgeFolder } from '../indexKnowledgeFolder.js';
import { noteLinkScan } from '../site/noteLinkScan.js';
import { publishedFileIssues } from '../site/publishedFileIssues.js';
import { folderLinkCheck, siteLinks } from '../site/siteLinks.js';

export interface ReviewSideOptions {
  today: string;
  allowSecrets: boolean;
  /** The index cache of this side (its pack data is kept beside it); none: everything is derived. */
  cacheDir: string | undefined;
  /**
   * The knowledge folder codebases (`repos:`, a project's `path`) are read relative to, for Files to Inspect: the
   * working tree's, on both sides, so a pack changes with the notes and not with the code.
   */
  codeDir: string;
  /** Name the closest note or file for each broken link (only the working tree's are listed). */
  suggest: boolean;
  env: { home: string; cwd: string };
  /** Where the packs' codebase warnings go (each once a side). */
  warn: (line: string) => void;
}

/** A knowledge folder as a review compares it: indexed, its links checked, every configured pack built as `kb pack` builds it. */
export function reviewSide(kbDir: string, options: ReviewSideOptions): ReviewSide {
  const result = indexKnowledgeFolder(kbDir, { allowSecrets: options.allowSecrets, cacheDir: options.cacheDir });
  const site = siteLinks(result);
  const scan = noteLinkScan(result); // one memo of the notes' links for both readers
  const links = folderLinkCheck(result, site, options.suggest, scan);
  const files = publishedFileIssues(result, site, scan); // canvases, bases and linked attachments, as the build scans them
  const data = cachedPackData(result.index, result.bodies, result.cacheDir === undefined ? undefined : join(result.cacheDir, 'pack-data'));
  const warned = new Set<string>();
  const count = createTokenCounter(); // the packs share their notes' lines: each is counted once
  const packs = configuredPacks(result.index).map(({ slug, title, request }) => {
    const { digests, warnings } = digestsFor(options.codeDir, result.index, request, options.env);
    for (const w of warnings) {
      if (warned.has(w)) continue;
      warned.add(w);
      options.warn(w);
    }
    return { slug, title, pack: buildContextPack(data, { ...request, today: options.today }, digests, { count }) };
  });
  return {
    index: result.index,
    packs,
    brokenLinks: links.broken,
    linksOut: links.linksOut,
    secrets: [...result.issues, ...result.reading.notices, ...files],
  };
}
