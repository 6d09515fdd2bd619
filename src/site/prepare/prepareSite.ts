// Build stage 1 (in the integration's own process, before Astro bundles): read, parse and index the knowledge
// folder once, derive what the pages read, and write it where they find it (site.json, bodies.txt).
import { closeSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { brokenLinkIssue, type BrokenLink, type LinkCheck } from '../../core/links/findBrokenLinks.js';
import { attachmentOutputPath } from '../../core/links/attachmentKinds.js';
import { permalinkSlug } from '../../core/index/assignNoteSlugs.js';
import { imageNamed, type PageImage } from '../../core/notePage/noteImage.js';
import { planRedirects, type NoteRedirect } from '../../core/outputs/noteRedirects.js';
import { createSiteModel, type SiteModel, type SiteSettings } from '../../core/site/siteModel.js';
import { sitePages } from '../../core/site/sitePages.js';
import { createSitePaths } from '../../core/site/sitePaths.js';
import { PORTAL_FILES, siteDataJson, type NoteRender, type PagesManifestDirs, type PortalDataHead, type PortalDataRest } from '../../core/site/portalData.js';
import { compareStrings } from '../../core/util/compare.js';
import { formatIssue, type KbIssue } from '../../core/util/issue.js';
import { indexKnowledgeFolder, type IndexedFolder } from '../../node/indexKnowledgeFolder.js';
import { ConfigError } from '../../node/loadKbConfig.js';
import { lastUpdatedDates } from '../../core/notePage/lastUpdated.js';
import { gitDatesSummary, readGitDates } from '../../node/site/gitDates.js';
import { createReadingMemo, type ReadingMemo } from '../../node/cache/readingMemo.js';
import { createRenderJobMemo, keepRenderJobs, memoRenderJob, renderWorld, type RenderJobMemo } from '../../node/site/renderJobMemo.js';
import { mdxNoteData, noteRenderJob, type RenderJobContext } from '../../node/site/noteRenderJobs.js';
import { planAttachments, type AttachmentCopy } from '../../node/site/noteAttachments.js';
import { secretPolicyOf } from '../../node/security/redactSecrets.js';
import type { RenderJob } from '../../node/site/renderNotes.js';
import { noteLinkScan } from '../../node/site/noteLinkScan.js';
import { notePageData } from '../../node/site/notePageData.js';
import { publishedRenames } from '../../node/site/publishedRenames.js';
import { folderLinkCheck, siteLinks, type SiteLinks } from '../../node/site/siteLinks.js';
import { writeFileAtomic } from '../../node/writeFileAtomic.js';
import { chunkWriter } from '../../node/chunkWriter.js';
import { mdxNotes } from './mdxNotes.js';
import { BOARDS_FILE, type BoardPageData } from '../../core/boards/boardPageData.js';
import { createSnippetRenderer } from '../../node/site/markdownAdapter.js';
import { boardBodies, boardCardText, boardPagesData, readSiteBoards, siteFences } from './prepareBoards.js';
import type { PortalConfig } from '../options/resolvePortal.js';
import { SiteBuildError } from './siteBuildError.js';

export interface PreparedSite {
  config: PortalConfig;
  result: IndexedFolder;
  model: SiteModel;
  /** Notes whose HTML is not in the cache yet. */
  jobs: RenderJob[];
  /** Every HTML cache key in use (the rest of the cache can go). */
  htmlKeys: Set<string>;
  /** Paths of the `.mdx` notes only Astro can compile (trusted code beyond data; `--trust-html`). */
  mdx: string[];
  /** `.mdx` notes still compiling at the render deadline, rendered as Markdown instead (sorted). */
  mdxTimedOut: string[];
  /** What links resolve against (notes with aliases, attachments). */
  links: SiteLinks;
  /** Attachments published notes use: what to copy into the output. */
  attachments: AttachmentCopy[];
  /**
   * Links of published notes that lead nowhere (counted in the log; `kb check` lists them; strict stops on them). This,
   * `linksOut`, `summary` and `redirects` are made when first read: no page reads them.
   */
  readonly brokenLinks: BrokenLink[];
  /** Which notes link to which (the health page's orphans). */
  readonly linksOut: LinkCheck['linksOut'];
  /** What a note's render job is made from (the runtime and `astro dev` render from it too). */
  jobContext: RenderJobContext;
  /** Summary lines for the build log: counts, then every warning with file and line. */
  readonly summary: string[];
  /** The page manifests of an incremental build. */
  pages: PagesManifestDirs | undefined;
  /** Canvas and base pages (src/site/prepare/prepareBoards.ts). */
  boards: BoardPageData[];
  /** The notes' bodies and the canvases' cards: what the pages show (for KaTeX and mermaid). */
  pageBodies: ReadonlyMap<string, string>;
  /** Old note URLs that lead to the notes now (permalinks, path-like aliases, renames in git history). */
  readonly redirects: NoteRedirect[];
}

/**
 * Index the folder and write the pages' data. Throws SiteBuildError for errors (bad config, alias chains) and,
 * with `strict`, for warnings. `rendererHash` is part of every HTML cache key; `hasHtml` says whether a key is
 * in the cache already; `pages` carries the incremental-build manifests, when there are any.
 */
export async function prepareSite(
  config: PortalConfig,
  options: {
    rendererHash: string;
    hasHtml: (key: string) => boolean;
    pages: PagesManifestDirs | undefined;
    warn: (line: string) => void;
    /** Told how many files will be read (readKnowledgeFolder's `reading`). */
    reading?: ((files: number, cold: boolean) => void) | undefined;
    /** A live preview's memo of the folder's readings and the notes' render jobs (LiveMemo). */
    memo?: LiveMemo | undefined;
    /** Given `site.json`'s two parts as they are made (SiteDataParts): `kb dev`'s page thread starts on the first. */
    parts?: SiteDataParts | undefined;
    /** Given what writes the index cache (indexKnowledgeFolder's `saveCache`; default: written at once). */
    saveCache?: ((save: () => void) => void) | undefined;
  },
): Promise<PreparedSite> {
  let result: IndexedFolder;
  try {
    // Each note's links too: scanned in the reading's worker threads when cold, kept in the index cache when warm.
    result = indexKnowledgeFolder(config.kbDir, {
      cacheDir: join(config.cacheDir, 'index'),
      allowSecrets: config.allowSecrets,
      links: true,
      locale: config.locale,
      reading: options.reading,
      memo: options.memo?.reading,
      saveCache: options.saveCache,
    });
  } catch (err) {
    if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
    throw err;
  }
  if (result.index.notes.length === 0)
    throw new SiteBuildError([
      `no notes found in ${config.kbDir} (${result.counts.filesSeen} files seen) — is --kb (or the integration's \`kb\` option) right?`,
    ]);
  const blocking = result.issues.filter((i: KbIssue) => i.severity === 'error' || config.strict);
  if (blocking.length)
    throw new SiteBuildError(blocking.map((i) => (config.strict && i.severity === 'warning' ? `${formatIssue(i)} (--strict)` : formatIssue(i))));

  const links = siteLinks(result);
  // Every reader of a note's links (check, preview images, attachments, render jobs) shares this one memo of them.
  const scan = noteLinkScan(result);
  const boards = readSiteBoards(result, links);
  const index = config.title ? { ...result.index, title: config.title } : result.index;
  const kbConfig = result.reading.config;
  // "Last updated" and renamed notes: one `git log` for the whole folder when it has its own history, else frontmatter
  // dates, and outside any repository the files' modification times after them.
  const git = readGitDates(config.kbDir);
  const updated = lastUpdatedDates(index.notes, git.source === 'git' ? git.dates : undefined, { mtimes: git.source === 'none' && git.reason === 'not-a-repo' });
  const siteImage = kbConfig.site.image === undefined ? undefined : imageNamed(kbConfig.site.image, links.resolver);
  const files = createSitePaths(config.root);
  const imageUrl = (image: PageImage) => (image.kind === 'url' ? image.url : files.file(attachmentOutputPath(image.path)));
  // The site's settings, once: the model here and the pages' model (src/runtime/portalSite.ts) are made from them.
  const settings: SiteSettings = {
    root: config.root,
    siteUrl: config.siteUrl,
    today: config.today,
    trustHtml: config.trustHtml,
    rawMarkdown: config.rawMarkdown,
    editUrl: config.editUrl,
    updated,
    graph: result.reading.config.graph,
    noindex: kbConfig.site.noindex,
    image: siteImage && imageUrl(siteImage),
    locale: config.locale,
  };
  // All of site.json but the notes' render map, now (a live preview's page thread makes the pages' site model from it
  // while the render jobs are made).
  const notePages = notePageData(result.reading.input.notes, new Set(index.notes.map((n) => n.path)), result.bodies, kbConfig.properties, links.resolver, scan);
  const head: PortalDataHead = {
    settings,
    prefix: config.prefix.replace(/^\//, ''),
    index,
    links: { targets: links.targets, files: links.files, boards: boards.entries },
    properties: notePages.properties,
    images: Object.fromEntries([...notePages.images].map(([path, image]) => [path, imageUrl(image)])),
    htmlDir: config.htmlDir,
    pages: options.pages,
    searchShardPages: config.searchShardPages,
  };
  const headJson = JSON.stringify(head);
  options.parts?.head(headJson);
  // What no page reads is made when first asked for (a live preview shows a save without waiting for it): the link
  // check (counted here; `kb check` suggests the closest notes), the redirects, and the summary that counts them. With
  // --strict the link check runs now: a broken link stops the build.
  const checked = once(() => folderLinkCheck(result, links, false, scan));
  if (config.strict && checked().broken.length) throw new SiteBuildError(checked().broken.map((b) => `${formatIssue(brokenLinkIssue(b))} (--strict)`));
  const model = createSiteModel(index, settings, { ...links, boards: boards.entries });
  const cards = boardCardText(boards);
  const pageBodies = cards.size ? new Map([...result.bodies, ...cards]) : result.bodies;
  const imageFiles = [...notePages.images.values(), ...(siteImage ? [siteImage] : [])].flatMap((i) => (i.kind === 'file' ? [i.path] : []));
  // Text attachments are published with their credentials redacted, as notes are; their warnings join the boards'.
  const secrets = { policy: secretPolicyOf(result.reading.secrets), issues: boards.issues };
  const attachments = planAttachments({
    kbDir: config.kbDir,
    bodies: pageBodies,
    notes: [...index.notes, ...boards.entries],
    resolver: links.resolver,
    extra: imageFiles,
    scan,
    secrets,
  });
  const fences = siteFences({ model, result, boards, today: config.today, warn: (issue) => boards.issues.push(issue) });
  const planned = once(() =>
    planRedirects({
      notes: index.notes,
      aliases: new Map(links.targets.flatMap((t) => (t.aliases ? [[t.path, t.aliases] as const] : []))),
      renames: git.source === 'git' ? publishedRenames(git.renames, kbConfig) : new Map(),
      pages: new Set(sitePages(model)),
      permalinks: notePermalinks(result),
      paths: model.paths,
    }),
  );
  const jobContext: RenderJobContext = {
    links,
    bodies: boards.files.length ? new Map([...result.bodies, ...boardBodies(boards)]) : result.bodies,
    byPath: model.byPath,
    attachmentSizes: new Map(attachments.flatMap((a) => (a.size ? [[a.path, a.size] as const] : []))),
    root: config.root,
    trustHtml: config.trustHtml,
    rendererHash: options.rendererHash,
    fences: fences.renderer,
    scan,
  };
  const notes: Record<string, NoteRender> = {};
  const jobs: RenderJob[] = [];
  const htmlKeys = new Set<string>();
  const mdx: string[] = [];
  const frontmatter = new Map(result.reading.input.notes.map((src) => [src.path, src.yamlError ? undefined : src.data]));
  const mdxData = (note: NoteEntry) => mdxNoteData(note, frontmatter.get(note.path));
  const asMdx = await mdxNotes(index.notes, result.bodies, mdxData, config.renderDeadlineMs, config.trustHtml, config.cacheDir, options.warn);
  // Each note's render job (its Markdown, what it embeds, its images' sizes), one after the other: a page renders
  // it itself when its HTML is not cached (dev, or a cache file lost mid-build). Written beside its name and renamed.
  const world = options.memo ? renderWorld(jobContext) : '';
  const bodiesFile = join(config.dataDir, PORTAL_FILES.bodies);
  mkdirSync(config.dataDir, { recursive: true });
  const fd = openSync(`${bodiesFile}.${process.pid}.tmp`, 'w');
  const out = chunkWriter(fd);
  let offset = 0;
  try {
    for (const note of index.notes) {
      if (asMdx.astro.has(note.path)) {
        notes[note.path] = { as: 'mdx' };
        mdx.push(note.path);
        continue;
      }
      const { job, json: bytes } = asMdx.data.has(note.path)
        ? jsonOf(noteRenderJob(jobContext, note, mdxData(note)))
        : memoRenderJob(options.memo?.jobs, world, jobContext, note);
      out.write(bytes);
      notes[note.path] = { as: 'md', htmlKey: job.key, job: [offset, bytes.length] };
      offset += bytes.length;
      // Notes whose HTML depends on the same things (the key: an empty note and another, the same text and links)
      // share it: rendered once.
      if (!htmlKeys.has(job.key) && !options.hasHtml(job.key)) jobs.push(job);
      htmlKeys.add(job.key);
    }
    out.flush();
  } finally {
    closeSync(fd);
  }
  renameSync(`${bodiesFile}.${process.pid}.tmp`, bodiesFile);
  keepRenderJobs(options.memo?.jobs, new Set(Object.keys(notes)));
  // The Markdown pipeline is loaded here only for a folder with canvases (their text cards): most folders never do.
  const snippet = boards.canvases.size ? await createSnippetRenderer(jobContext, config.htmlDir) : noSnippet;
  const boardPages = boardPagesData({ boards, fences, snippet });
  // Images a base's cards show: published like a note's.
  const shown = new Set(attachments.map((a) => a.path));
  const more = [...fences.images].filter((p) => !shown.has(p));
  if (more.length)
    attachments.push(
      ...planAttachments({
        kbDir: config.kbDir,
        bodies: new Map([['', more.map((p) => `![[${p}]]`).join('\n')]]),
        notes: [{ path: '' }],
        resolver: links.resolver,
        secrets,
      }),
    );
  attachments.sort((a, b) => compareStrings(a.path, b.path));
  writeFileAtomic(join(config.dataDir, BOARDS_FILE), JSON.stringify(boardPages));
  if (config.strict && boards.issues.length) throw new SiteBuildError(boards.issues.map((i) => `${formatIssue(i)} (--strict)`));
  const rest: PortalDataRest = { notes };
  const restJson = JSON.stringify(rest);
  options.parts?.rest(restJson);
  writeFileAtomic(join(config.dataDir, PORTAL_FILES.site), siteDataJson(headJson, restJson));
  const summary = once(() => {
    const lines = [
      ...summaryLines(config.kbDir, result),
      ...boards.issues.map((i) => `kb: ${formatIssue(i)}`),
      gitDatesSummary(git),
      ...redirectSummary(planned().redirects),
    ];
    for (const w of planned().warnings) lines.push(`kb: ${formatIssue(w)}`);
    if (kbConfig.site.image !== undefined && !siteImage)
      lines.push(
        `kb: kb.config.yaml: site.image: "${kbConfig.site.image}" is neither an https:// URL nor an image in the knowledge folder; pages without an image of their own have no preview image`,
      );
    const broken = checked().broken.length;
    if (broken)
      lines.push(
        `kb: ${broken} broken link${broken === 1 ? '' : 's'} (links to no note or file); \`kb check --kb ${config.kbDir}\` lists them, --strict fails on them`,
      );
    return lines;
  });
  return {
    config,
    result,
    model,
    jobs,
    htmlKeys,
    mdx: mdx.sort(compareStrings),
    mdxTimedOut: asMdx.timedOut.sort(compareStrings),
    links,
    attachments,
    get brokenLinks() {
      return checked().broken;
    },
    get linksOut() {
      return checked().linksOut;
    },
    jobContext,
    get summary() {
      return summary();
    },
    pages: options.pages,
    boards: boardPages,
    pageBodies,
    get redirects() {
      return planned().redirects;
    },
  };
}

/**
 * `site.json` as JSON in its two parts (siteDataJson), each given as soon as it is made: `head`, all but the notes'
 * render map, before the site model and the render jobs; `rest`, that map, before the file is written.
 */
export interface SiteDataParts {
  head: (json: string) => void;
  rest: (json: string) => void;
}

/** What a live preview (`kb dev`, `astro dev`) keeps between its readings of the folder: only what changed is done again. */
export interface LiveMemo {
  reading: ReadingMemo;
  jobs: RenderJobMemo;
}

/** `racyMs`: readingMemo.ts's RACY_MS (a test that has just written its files gives 0). */
export function createLiveMemo(options: { racyMs?: number } = {}): LiveMemo {
  return { reading: createReadingMemo(options), jobs: createRenderJobMemo() };
}

/** `make`'s value, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** A job with its JSON, as bodies.txt holds it. */
const jsonOf = (job: RenderJob) => ({ job, json: Buffer.from(JSON.stringify(job), 'utf8') });

/** No canvas, no card: never called. */
function noSnippet(): never {
  throw new Error('kb-portal: a canvas card was rendered without the Markdown pipeline (internal error)');
}

/** Each note's `permalink:` as a slug, for the notes that have a usable one. */
function notePermalinks(result: IndexedFolder): Map<string, string> {
  const out = new Map<string, string>();
  for (const src of result.reading.input.notes) {
    const raw = (src.yamlError ? undefined : (src.data as Record<string, unknown> | undefined))?.['permalink'];
    const slug = typeof raw === 'string' || typeof raw === 'number' ? permalinkSlug(String(raw)) : undefined;
    if (slug !== undefined) out.set(src.path, slug);
  }
  return out;
}

/** How many old URLs lead on, and from where. */
function redirectSummary(redirects: readonly NoteRedirect[]): string[] {
  if (!redirects.length) return [];
  const count = (reason: NoteRedirect['reason']) => redirects.filter((r) => r.reason === reason).length;
  const parts = [
    [count('permalink'), 'permalinks'],
    [count('publish'), 'permalinks at their Obsidian Publish URLs'],
    [count('alias'), 'aliases'],
    [count('renamed'), 'renames in git history'],
  ]
    .filter(([n]) => n)
    .map(([n, what]) => `${n} from ${what}`);
  return [`kb: ${redirects.length} old note URL${redirects.length === 1 ? '' : 's'} redirect to the notes (${parts.join(', ')})`];
}

/** The build's summary: the counts from the report, then every warning with file and line. */
export function summaryLines(kbDir: string, result: IndexedFolder): string[] {
  const c = result.counts;
  const rules = Object.entries(c.excludedByRule)
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return [
    `kb: ${kbDir}`,
    `kb: notes found ${c.filesSeen}, indexed ${c.indexed + c.warned}, warned ${c.warned}, ideas ${c.ideas}, unpublished ${c.unpublished}, excluded ${c.excluded}${rules ? ` (${rules})` : ''}`,
    ...result.issues.map((i) => `kb: ${formatIssue(i)}`),
  ];
}
