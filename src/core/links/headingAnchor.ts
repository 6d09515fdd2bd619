import { slug } from 'github-slugger';

/** The id a heading gets on its page (GitHub's slugger, as the renderer's heading ids), for `[[note#Heading]]`. */
export function headingAnchor(heading: string): string {
  return slug(heading.trim());
}

/** The id of a block marked `^id` (Obsidian's block reference), for `[[note#^id]]`. */
export function blockAnchor(id: string): string {
  return `^${id}`;
}

/** Obsidian block ids: letters, digits and hyphens. */
export const BLOCK_ID = /^[A-Za-z0-9-]{1,64}$/;
