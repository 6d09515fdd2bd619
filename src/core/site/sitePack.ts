import type { ContextPack } from '../context/packTypes.js';

/** A configured pack as the site shows it (`kb pack` writes the same Markdown and JSON). */
export interface SitePack {
  slug: string;
  title: string;
  pack: ContextPack;
  /** The pack's Markdown as the page shows it rendered (through the notes' pipeline, sanitised). */
  html: string;
  /** Codebases the request named that could not be read (kept out of the pack, as `kb pack` prints them). */
  digestWarnings: string[];
}
