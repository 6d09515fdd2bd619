import type { ContextPack, PackRequest } from '../core/context/packTypes.js';
import type { KbIndex, NoteEntry } from '../core/index/kbIndexSchema.js';

/**
 * What `kb mcp`'s tools read: a knowledge folder (localSource.ts) or a published portal's emitted files
 * (siteSource.ts). The tools compute their answers from it with the core the CLI and the island run.
 */
export interface KbSource {
  readonly mode: 'local' | 'site';
  /** The folder or the portal, for messages. */
  readonly location: string;
  /** The knowledge as it is now (a local folder is indexed again when a file changed since the last call). */
  snapshot(): Promise<KbSnapshot>;
}

/** One state of the knowledge. Everything it returns is computed or fetched once and kept. */
export interface KbSnapshot {
  /** Changes whenever the knowledge does; pagination cursors carry it. */
  readonly version: string;
  readonly index: KbIndex;
  /** Bodies of the notes in `kb search`'s scope, by path. */
  searchBodies(): Promise<ReadonlyMap<string, string>>;
  /** The pack `kb context --json` prints for a valid request (`today` included). */
  contextPack(request: PackRequest): Promise<ContextPack>;
  /** A note's published Markdown: normalised frontmatter and body (`/notes/<slug>.md`). */
  noteMarkdown(note: NoteEntry): Promise<string>;
  /** Why a path that is no published note is kept back, when the source can tell (private, draft, a secret, excluded). */
  heldBack(path: string): string | undefined;
  /** A configured pack's Markdown (`kb pack`'s `<slug>.md`), undefined for an unknown slug. */
  packMarkdown(slug: string, today: string): Promise<string | undefined>;
  /** `index.md` as `kb index` writes it. */
  indexMd(): Promise<string>;
  /** Load now what the first pack would wait for (the pack data): the server calls it once idle after start. */
  warm(): Promise<void>;
}

/** A source whose module (and the indexing pipeline behind it) is loaded on first use, so the server starts fast. */
export function lazySource(mode: KbSource['mode'], location: string, open: () => Promise<KbSource>): KbSource {
  let source: Promise<KbSource> | undefined;
  return {
    mode,
    location,
    snapshot: async () => (await (source ??= open())).snapshot(),
  };
}
