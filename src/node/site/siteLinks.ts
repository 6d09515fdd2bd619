import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { isActiveSvg, isPublishableAttachment, isSvg } from '../../core/links/attachmentKinds.js';
import type { LinkScan } from '../../core/links/createLinkScan.js';
import { createLinkResolver, type LinkResolver, type NoteTarget } from '../../core/links/createLinkResolver.js';
import { checkLinks, type BrokenLink, type LinkCheck } from '../../core/links/findBrokenLinks.js';
import { readSourceFrontmatter } from '../../core/model/readSourceFrontmatter.js';
import { assignBoardSlugs, boardTitle } from '../../core/boards/boardEntries.js';
import { noteLinkScan } from './noteLinkScan.js';
import { boardPaths } from './readBoards.js';
import type { IndexedFolder } from '../indexKnowledgeFolder.js';

/** What links resolve against in one knowledge folder: published notes (with aliases), canvases, bases and attachments. */
export interface SiteLinks {
  /** Published notes with their frontmatter `aliases:`, then the canvases and bases with pages (boardEntries.ts). */
  targets: NoteTarget[];
  /** Publishable attachments: files of an allowed format inside the folder (never behind a symlink leading out, never in an excluded or private place). */
  files: string[];
  /** Notes held back on purpose (private, draft, secrets), so a link to one is reported as such. */
  unpublished: string[];
  resolver: LinkResolver;
}

/** Link targets of an indexed folder. Files come from the reading's report, so the folder is walked once. */
export function siteLinks(result: IndexedFolder): SiteLinks {
  const aliases = new Map<string, string[]>();
  for (const src of result.reading.input.notes) {
    const extra = (src.facts?.frontmatter ?? readSourceFrontmatter(src)).extra;
    const list = [extra['aliases'], extra['alias']].flat().filter((a): a is string | number => typeof a === 'string' || typeof a === 'number');
    if (list.length) aliases.set(src.path, list.map(String));
  }
  const targets: NoteTarget[] = result.index.notes.map(({ path, slug, title }) => ({
    path,
    slug,
    title,
    ...(aliases.has(path) ? { aliases: aliases.get(path)! } : {}),
  }));
  const boards = assignBoardSlugs(boardPaths(result.reading), new Set(targets.map((t) => t.slug)));
  for (const [path, slug] of boards) targets.push({ path, slug, title: boardTitle(path) });
  const isPrivate = picomatch(result.reading.config.private.length ? result.reading.config.private : ['\0'], { dot: true });
  // `not-markdown` is what the walk reports for every other file it saw inside the folder and outside
  // excluded, ignored, code-repo and unshared places (symlinks that leave the folder are reported as such).
  const files = result.reading.report
    .filter((e) => e.outcome === 'excluded' && e.rule === 'not-markdown' && isPublishableAttachment(e.path) && !isPrivate(e.path))
    .map((e) => e.path)
    .filter((path) => !isSvg(path) || !activeSvg(join(result.reading.kbDir, path)));
  const unpublished = result.reading.report.filter((e) => e.outcome === 'unpublished' || (e.outcome === 'excluded' && e.rule === 'secret')).map((e) => e.path);
  return { targets, files, unpublished, resolver: createLinkResolver({ notes: targets, files }) };
}

/** Every broken link of the folder's published notes (file:line, closest note), for `kb check` and the build. */
export function folderBrokenLinks(result: IndexedFolder, links: SiteLinks = siteLinks(result), suggest = true): BrokenLink[] {
  return folderLinkCheck(result, links, suggest).broken;
}

/** The broken links, how many links were checked, and which notes link to which (from the reading's links, when it kept them). */
export function folderLinkCheck(result: IndexedFolder, links: SiteLinks = siteLinks(result), suggest = true, scan: LinkScan = noteLinkScan(result)): LinkCheck {
  const byPath = new Map(result.index.notes.map((n) => [n.path, n]));
  const notes = links.targets.map((t) => ({ ...t, bodyLine: byPath.get(t.path)?.bodyLine ?? 1 }));
  return checkLinks({ notes, bodies: result.bodies, files: links.files, resolver: links.resolver, unpublished: links.unpublished, suggest, scan });
}

/** An SVG that could run script when opened on its own is never published (nor shown). */
function activeSvg(file: string): boolean {
  try {
    return isActiveSvg(readFileSync(file, 'utf8'));
  } catch {
    return true;
  }
}
