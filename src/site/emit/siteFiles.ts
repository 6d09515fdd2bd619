// Build stage 3: the portal's machine outputs, written by the integration itself (not rendered as Astro routes):
// the index files, the island's data, llms.txt, the sitemap, each note's `.md` and the packs. The same list
// serves `astro dev` (devPreview.ts) and is written into the output at the end of a build (writeSiteFiles).
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PackData } from '../../core/context/buildPackData.js';
import { packDataFiles } from '../../core/context/packParts.js';
import type { RepoDigest } from '../../core/discover/repoDigest.js';
import { renderCategoriesTxt, renderIndexMd, renderTagsTxt } from '../../core/render/renderIndexMd.js';
import { noteCardShards, toQueryIndex } from '../../core/views/queryIndex.js';
import {
  llmsFullBodySpans,
  llmsFullPartChunks,
  llmsFullParts,
  llmsFullTxtChunks,
  renderLlmsFullIndex,
  renderLlmsTxt,
} from '../../core/outputs/renderLlmsTxt.js';
import { renderNoteMarkdown } from '../../core/outputs/renderNoteMarkdown.js';
import { renderAtomFeed } from '../../core/outputs/renderAtomFeed.js';
import { renderSidebar } from '../../core/navigation/renderSidebar.js';
import type { NoteRedirect } from '../../core/outputs/noteRedirects.js';
import { renderRedirectPage, renderRedirectsFile } from '../../core/outputs/renderRedirects.js';
import { renderRobotsTxt } from '../../core/outputs/renderRobotsTxt.js';
import { renderSitemap } from '../../core/outputs/renderSitemap.js';
import { buildSiteTree, groupLabels, sidebarBranch } from '../../core/navigation/sidebarTree.js';
import { siteI18n } from '../../core/i18n/localeTables.js';
import { withBoards } from '../../core/boards/boardEntries.js';
import { absoluteUrl, type SiteModel } from '../../core/site/siteModel.js';
import { sitePages } from '../../core/site/sitePages.js';
import type { SitePack } from '../../core/site/sitePack.js';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';
import { serialiseIndex } from '../../node/writeIndexOutputs.js';
import tokenRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { PACK_DATA_DIR, siteFilePath } from '../../core/outputs/siteContract.js';
import type { BoardPageData } from '../../core/boards/boardPageData.js';
import { boardFiles, type GraphFileText } from './boardFiles.js';
import type { SiteFile } from './siteFile.js';

export type { SiteFile } from './siteFile.js';

export interface SiteFileInputs {
  model: SiteModel;
  /** Canvas and base pages: each canvas's picture for embeds. Default: none. */
  boards?: (() => readonly BoardPageData[]) | undefined;
  bodies: ReadonlyMap<string, string>;
  packData: () => PackData;
  digests: () => RepoDigest[];
  packs: () => SitePack[];
  /** Old note URLs to keep alive (prepareSite.ts). Default: none. */
  redirects?: readonly NoteRedirect[] | undefined;
  /**
   * The portal is the whole site (prefix `/`): `robots.txt` and `_redirects` are written at its root, where hosts
   * read them. Inside a host site (another prefix) they belong to the host. Default false.
   */
  wholeSite?: boolean | undefined;
  /** Lays out the global graph (a build passes its cache of layouts). Default: laid out every time. */
  graphText?: GraphFileText | undefined;
}

const JSON_TYPE = 'application/json';
const TEXT = 'text/plain; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';

/** What the machine outputs are made from, once per build: the inputs and what several emitters share. */
interface EmitContext extends Omit<SiteFileInputs, 'boards' | 'graphText' | 'redirects' | 'wholeSite'> {
  boards: () => readonly BoardPageData[];
  redirects: readonly NoteRedirect[];
  wholeSite: boolean;
  graphText: GraphFileText | undefined;
  /** Each note's Markdown URL (its page when kb.config.yaml `site.rawMarkdown` is false). */
  mdUrl: (slug: string) => string;
  /** The full text in parts an agent reads whole (~100k characters each), when it is longer than that. */
  parts: ReturnType<typeof llmsFullParts>;
}

/** One emitter of machine outputs: its name, what it reads (for a reader of this list), and the files it writes. */
export interface SiteFileEmitter {
  name: string;
  reads: readonly string[];
  files: (ctx: EmitContext) => SiteFile[];
}

/** The machine outputs beside the pages, emitter by emitter, in the order they are written. */
export const SITE_FILE_EMITTERS: readonly SiteFileEmitter[] = [
  {
    name: 'index',
    reads: ['index'],
    files: ({ model: { index } }) => [
      { path: siteFilePath('index'), type: JSON_TYPE, text: () => serialiseIndex(index) },
      { path: siteFilePath('indexMd'), type: MARKDOWN, text: () => renderIndexMd(index) },
      { path: 'kb-tags.txt', type: TEXT, text: () => renderTagsTxt(index) },
      { path: 'kb-categories.txt', type: TEXT, text: () => renderCategoriesTxt(index) },
    ],
  },
  {
    name: 'island data',
    reads: ['index', 'bodies', 'repo digests'],
    files: ({ model: { index }, bodies, parts, mdUrl, digests }) => [
      // The query island's first download: what kb query matches on, without titles, descriptions or bodies.
      { path: siteFilePath('queryIndex'), type: JSON_TYPE, text: () => JSON.stringify(toQueryIndex(index)) },
      // Where the bodies of the notes in `kb search`'s scope are in the full text, for `--tag/--category/keyword`
      // queries: the island reads them from llms-full (one copy of every note's text, not two).
      {
        path: siteFilePath('bodySpans'),
        type: JSON_TYPE,
        text: () =>
          JSON.stringify(
            llmsFullBodySpans(index, parts, bodies, mdUrl, new Set(index.notes.filter((n) => n.path.startsWith(index.searchScope)).map((n) => n.path))),
          ),
      },
      // The digests let the island's packs list the same files as `kb context`.
      { path: siteFilePath('digests'), type: JSON_TYPE, text: () => JSON.stringify(digests()) },
    ],
  },
  {
    name: 'llms',
    reads: ['index', 'bodies'],
    files: ({ model, bodies, parts, mdUrl }) => {
      const { index, paths, siteUrl } = model;
      const fullText = parts.map((p) => ({ url: absoluteUrl(siteUrl, paths.file(p.file)), title: p.title, notes: p.notes.length }));
      return [
        { path: 'llms.txt', type: TEXT, text: () => renderLlmsTxt({ index, mdUrl, fullText, linkKind: model.rawMarkdown ? 'markdown' : 'page' }) },
        {
          path: 'llms-full.txt',
          type: TEXT,
          text: () => (parts.length ? renderLlmsFullIndex(index, fullText) : llmsFullTxtChunks(index, bodies, mdUrl)),
        },
        ...parts.map((part) => ({ path: part.file, type: TEXT, text: () => llmsFullPartChunks(index, part, bodies, mdUrl) })),
      ];
    },
  },
  {
    name: 'sitemap',
    reads: ['pages'],
    files: ({ model }) => [{ path: 'sitemap.xml', type: 'application/xml', text: () => renderSitemap(sitePages(model), model.siteUrl) }],
  },
  {
    name: 'sidebar',
    reads: ['index', 'boards'],
    // Every note in the sidebar's tree: pages carry only their branch and the sidebar island loads this once.
    files: ({ model }) => [
      {
        path: siteFilePath('sidebar'),
        type: 'text/html; charset=utf-8',
        text: () => {
          const i18n = modelI18n(model);
          const tree = buildSiteTree(
            withBoards(model.index, model.boards),
            groupLabels((key) => i18n.t(key)),
          );
          return renderSidebar(sidebarBranch(tree, undefined, { full: true }), model.paths.note, i18n);
        },
      },
    ],
  },
  {
    name: 'feed',
    reads: ['index', 'last-updated dates'],
    files: ({ model }) => [
      {
        path: 'feed.xml',
        type: 'application/atom+xml',
        text: () =>
          renderAtomFeed({
            title: model.index.title,
            description: model.index.description,
            notes: model.index.notes,
            updated: model.updated ?? {},
            today: model.today,
            url: (path) => absoluteUrl(model.siteUrl, path),
            home: model.paths.home,
            feed: model.paths.file('feed.xml'),
            note: model.paths.note,
            lang: modelI18n(model).locale,
          }),
      },
      { path: 'favicon.svg', type: 'image/svg+xml', text: () => readFileSync(join(PACKAGE_ROOT, 'src/assets/favicon.svg'), 'utf8') },
    ],
  },
  {
    name: 'pack data',
    reads: ['pack data'],
    // The pack data in parts, fetched by the island only when a pack is built: the head, then the parts a pack asks for;
    // and the tokenizer's ranks, which the island's packs count with (tokenRanksPlugin.ts).
    files: ({ packData }) => [
      { path: siteFilePath('tokenRanks'), type: JSON_TYPE, text: () => JSON.stringify(tokenRanks) },
      ...packDataFiles(packData()).map((part) => ({ path: `${PACK_DATA_DIR}${part.path}`, type: JSON_TYPE, text: () => JSON.stringify(part.value) })),
    ],
  },
  {
    name: 'notes',
    reads: ['index', 'bodies'],
    files: ({ model: { index }, bodies }) => [
      ...noteCardShards(index).map((cards, i) => ({ path: siteFilePath('noteCards', i), type: JSON_TYPE, text: () => JSON.stringify(cards) })),
      ...index.notes.map((note) => ({
        path: siteFilePath('noteMd', note.slug),
        type: MARKDOWN,
        text: () => renderNoteMarkdown(note, bodies.get(note.path) ?? ''),
      })),
    ],
  },
  { name: 'boards', reads: ['canvases', 'bases', 'links'], files: ({ model, boards, graphText }) => boardFiles(model, boards(), graphText) },
  {
    name: 'redirects',
    reads: ['redirects'],
    // A page at each old note URL, for hosts that serve files only; `_redirects` for those that read it.
    files: ({ model, redirects, wholeSite }) => [
      ...redirects.map((r) => ({
        path: redirectPagePath(r, model.paths.root),
        type: 'text/html; charset=utf-8',
        text: () => renderRedirectPage(r, { siteUrl: model.siteUrl, title: model.index.title, icon: model.paths.file('favicon.svg'), i18n: modelI18n(model) }),
      })),
      ...(wholeSite
        ? [
            {
              path: 'robots.txt',
              type: TEXT,
              text: () => renderRobotsTxt({ noindex: model.noindex ?? false, siteUrl: model.siteUrl, sitemap: model.paths.file('sitemap.xml') }),
            },
          ]
        : []),
      ...(wholeSite && redirects.length ? [{ path: '_redirects', type: TEXT, text: () => renderRedirectsFile(redirects) }] : []),
    ],
  },
  {
    name: 'packs',
    reads: ['configured packs'],
    files: ({ packs }) =>
      packs().flatMap(({ slug, pack }) => [
        { path: siteFilePath('packMd', slug), type: MARKDOWN, text: () => pack.contextPackMarkdown },
        { path: siteFilePath('packJson', slug), type: JSON_TYPE, text: () => `${JSON.stringify(pack, null, 2)}\n` },
      ]),
  },
];

/** The file of the page at a renamed note's old URL (under the portal's root path), which sends the reader on. */
export function redirectPagePath(redirect: Pick<NoteRedirect, 'from'>, root: string): string {
  return `${decodeURIComponent(redirect.from.slice(root.length))}index.html`;
}

/** Every machine output (SITE_FILE_EMITTERS), as a build writes them and `kb dev` serves them. */
export function siteFiles(inputs: SiteFileInputs): SiteFile[] {
  const { model, bodies } = inputs;
  const mdUrl = (slug: string) => absoluteUrl(model.siteUrl, model.rawMarkdown ? model.paths.noteMd(slug) : model.paths.note(slug));
  const ctx: EmitContext = {
    ...inputs,
    boards: inputs.boards ?? (() => []),
    redirects: inputs.redirects ?? [],
    wholeSite: inputs.wholeSite ?? false,
    graphText: inputs.graphText,
    mdUrl,
    parts: llmsFullParts(model.index, bodies, mdUrl),
  };
  return SITE_FILE_EMITTERS.flatMap((emitter) => emitter.files(ctx));
}

/** Writes every file under `dir`, large ones piece by piece (llms-full.txt at 100,000 notes is larger than a string may be). */
export function writeSiteFiles(dir: string, files: readonly SiteFile[]): void {
  const made = new Set<string>();
  for (const file of files) {
    const target = join(dir, file.path);
    const parent = dirname(target);
    if (!made.has(parent)) mkdirSync(parent, { recursive: true });
    made.add(parent);
    const fd = openSync(target, 'w');
    try {
      const text = file.text();
      if (typeof text === 'string') writeSync(fd, text);
      else {
        let batch = '';
        for (const piece of text) {
          batch += piece;
          if (batch.length > 1_000_000) {
            writeSync(fd, batch);
            batch = '';
          }
        }
        if (batch) writeSync(fd, batch);
      }
    } finally {
      closeSync(fd);
    }
  }
}

/** What a reader sees in these files (the sidebar's words, the feed's and redirect pages' language) is in the site's locale. */
function modelI18n(model: SiteModel) {
  return siteI18n(model.locale ?? model.index.locale ?? 'en');
}
