import { scanLinks, type ScannedLink } from './scanLinks.js';

/** What finds a body's links: `scanLinks` itself, or a build's memo of it (createLinkScan). Callers never change the list. */
export type LinkScan = (body: string) => readonly ScannedLink[];

/**
 * `scanLinks` remembered per text for one build: seeded with the links the reading kept as each note's facts
 * (by its body), so the build's readers (broken-link check, attachment plan, preview images, render jobs) share
 * one scan of each body, and none when the facts came from the cache. A text not seeded is scanned once.
 */
export function createLinkScan(known: Iterable<readonly [body: string, links: readonly ScannedLink[]]> = []): LinkScan {
  const memo = new Map<string, readonly ScannedLink[]>(known);
  return (body) => {
    let links = memo.get(body);
    if (!links) memo.set(body, (links = scanOrNone(body)));
    return links;
  };
}

/**
 * A body's links, or none when scanning throws: only a note whose facts step already failed is scanned here again
 * (its reading warned, naming the file), and it must not stop the build's other readers.
 */
function scanOrNone(body: string): readonly ScannedLink[] {
  try {
    return scanLinks(body);
  } catch {
    return [];
  }
}
