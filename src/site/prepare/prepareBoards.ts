// Build stage 1, for canvases and bases: read and parse them (a bad file is a warning naming it, never a failed
// build), give each its place among the site's pages, evaluate every base over the site's rows, render canvas
// cards through the note pipeline, and hand notes the HTML of their ```base blocks and of embedded boards.
import type { RecordSource } from '../../core/bases/createBaseEnv.js';
import type { BaseEnv } from '../../core/bases/baseRecord.js';
import { createBaseEnv } from '../../core/bases/createBaseEnv.js';
import { BASE_FENCE, renderBase, type BaseSite } from '../../core/bases/renderBase.js';
import { canvasLinks, canvasView } from '../../core/canvas/canvasView.js';
import { parseCanvas } from '../../core/canvas/parseCanvas.js';
import type { Canvas } from '../../core/canvas/canvasSchema.js';
import { attachmentOutputPath, isImage } from '../../core/links/attachmentKinds.js';
import { canvasPicturePath, type BoardPageData } from '../../core/boards/boardPageData.js';
import { boardTier, boardTitle, type BoardEntry } from '../../core/boards/boardEntries.js';
import type { SiteModel } from '../../core/site/siteModel.js';
import { escapeHtml } from '../../core/util/escapeHtml.js';
import { formatIssue, type KbIssue } from '../../core/util/issue.js';
import { answerQueryBlock, QUERY_BLOCK_LANGS } from '../../core/query/queryBlock.js';
import { renderQueryBlockHtml } from '../../core/views/renderQueryBlockHtml.js';
import { siteI18n } from '../../core/i18n/localeTables.js';
import type { IndexedFolder } from '../../node/indexKnowledgeFolder.js';
import type { FenceRenderer } from '../../node/site/collectFences.js';
import { readBoards, type BoardFile } from '../../node/site/readBoards.js';
import type { SiteLinks } from '../../node/site/siteLinks.js';

/** The fence a canvas embed is written as in the Markdown an `![[board.canvas]]` embed shows (its text: the canvas's path). */
export const CANVAS_EMBED_FENCE = 'kb-canvas';

export interface SiteBoards {
  entries: BoardEntry[];
  files: BoardFile[];
  /** Parsed canvases by path (undefined: the file could not be read as one). */
  canvases: Map<string, Canvas | undefined>;
  /** Warnings while reading and parsing, and (once rendered) about what bases could not compute. */
  issues: KbIssue[];
}

export function readSiteBoards(result: IndexedFolder, links: SiteLinks): SiteBoards {
  const { files, issues } = readBoards(result.reading);
  const slugOf = new Map(links.targets.map((t) => [t.path, t.slug]));
  const canvases = new Map<string, Canvas | undefined>();
  const entries: BoardEntry[] = [];
  for (const file of files) {
    const slug = slugOf.get(file.path);
    if (!slug) continue;
    let linked: string[] = [];
    if (file.kind === 'canvas') {
      const parsed = parseCanvas(file.text, file.path);
      issues.push(...parsed.issues);
      canvases.set(file.path, parsed.canvas);
      if (parsed.canvas) linked = canvasLinks(parsed.canvas);
    }
    entries.push({ path: file.path, slug, title: boardTitle(file.path), kind: file.kind, tier: boardTier(file.path, result.index.layout), links: linked });
  }
  return { entries, files, canvases, issues };
}

/** The Markdown an embed of each board shows: a canvas's picture, or the base's views (the `base` fence). */
export function boardBodies(boards: SiteBoards): Map<string, string> {
  return new Map(
    boards.files.map((f) => [
      f.path,
      f.kind === 'canvas' ? `\`\`\`${CANVAS_EMBED_FENCE}\n${f.path}\n\`\`\`\n` : `\`\`\`\`${BASE_FENCE}\n${f.text}\n\`\`\`\`\n`,
    ]),
  );
}

/** Each canvas's cards as one text, beside the notes' bodies: what its pages show and link (attachments, math, diagrams). */
export function boardCardText(boards: SiteBoards): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, canvas] of boards.canvases) {
    const text = (canvas ? canvasView(canvas).nodes : []).flatMap((n) => (n.markdown === undefined ? [] : [n.markdown])).join('\n\n');
    if (text) out.set(path, text);
  }
  return out;
}

export interface SiteFences {
  renderer: FenceRenderer;
  base: BaseSite;
  /** Published attachments a card view shows (copied like a note's images). */
  images: Set<string>;
}

/** The rows every base evaluates over (published notes, canvases, bases) and the HTML of claimed fences. */
export function siteFences(input: {
  model: SiteModel;
  result: IndexedFolder;
  boards: SiteBoards;
  today: string;
  /** Called once per problem a base block has (a warning naming the note). */
  warn: (issue: KbIssue) => void;
}): SiteFences {
  const { model, result, boards } = input;
  // The rows are made when a base is first rendered: most folders have none, and a thousand notes' rows cost ~50 ms.
  const rows = (): RecordSource[] => {
    const data = new Map(result.reading.input.notes.map((n) => [n.path, n.data]));
    return [
      ...model.index.notes.map((n) => ({
        path: n.path,
        slug: n.slug,
        title: n.title,
        tags: n.tags,
        links: n.wikilinks,
        data: data.get(n.path),
        // The day the site shows as "Last updated" (git or frontmatter), never the file system's time.
        updated: model.updated?.[n.path],
        created: n.date,
      })),
      ...boards.entries.map((b) => ({ path: b.path, slug: b.slug, title: b.title, tags: [], links: b.links })),
    ];
  };
  const pages = new Map<string, { slug: string; title: string }>([...model.index.notes, ...boards.entries].map((p) => [p.path, p]));
  const images = new Set<string>();
  let env: BaseEnv | undefined;
  const base: BaseSite = {
    get env() {
      return (env ??= createBaseEnv(rows(), { resolve: (target, from) => model.resolver.note(target, from)?.path, today: input.today }));
    },
    links: {
      page: (path) => {
        const p = pages.get(path);
        return p ? { href: model.paths.note(p.slug), title: p.title } : undefined;
      },
      image: (value, from) => {
        const text =
          typeof value === 'string' ? value : value && typeof value === 'object' && 'kind' in value && value.kind === 'link' ? value.target : undefined;
        if (!text) return undefined;
        if (/^https:\/\//i.test(text)) return text;
        const path = model.resolver.file(text.replace(/^!?\[\[|\]\]$/g, '').split('|')[0]!, from);
        if (!path || !isImage(path)) return undefined;
        images.add(path);
        return model.paths.file(attachmentOutputPath(path));
      },
    },
  };
  const seen = new Set<string>();
  const warnOnce = (issue: KbIssue) => {
    const key = formatIssue(issue);
    if (seen.has(key)) return;
    seen.add(key);
    input.warn(issue);
  };
  // A query block's words are the site's (its HTML is part of the note's render job, so of its cache key).
  const words = siteI18n(model.locale ?? model.index.locale ?? 'en');
  const canvasViews = new Map([...boards.canvases].map(([path, canvas]) => [path, canvas && canvasView(canvas)]));
  const renderer: FenceRenderer = {
    langs: new Set([BASE_FENCE, CANVAS_EMBED_FENCE, ...QUERY_BLOCK_LANGS]),
    render(lang, text, from) {
      // A query block: the answer over the published notes, as the page's island computes it when edited.
      const answer = QUERY_BLOCK_LANGS.has(lang) ? answerQueryBlock(lang, text, model.index, result.bodies, input.today) : undefined;
      if (answer) {
        if (answer.problem) warnOnce({ severity: 'warning', code: 'query-block', file: from, message: `a ${lang} block ${answer.problem}` });
        return renderQueryBlockHtml(answer, model.index, model.paths, input.today, words);
      }
      if (lang === BASE_FENCE) {
        const rendered = renderBase(text, base, { file: from });
        rendered.issues.forEach((i) => warnOnce({ ...i, message: from.endsWith('.base') ? i.message : `a base block ${i.message}` }));
        return rendered.html;
      }
      const path = text.trim();
      const entry = boards.entries.find((b) => b.path === path && b.kind === 'canvas');
      if (!entry) return undefined;
      const view = canvasViews.get(path);
      if (!view)
        return `<p>This canvas could not be read; <a class="internal" href="${escapeHtml(model.paths.note(entry.slug))}">open its page</a> for why.</p>`;
      const cards = view.nodes.filter((n) => n.kind !== 'group').length;
      const alt = `Canvas “${entry.title}”: ${cards} card${cards === 1 ? '' : 's'}, ${view.edges.length} connection${view.edges.length === 1 ? '' : 's'}`;
      return `<p><a class="internal" href="${escapeHtml(model.paths.note(entry.slug))}"><img src="${escapeHtml(model.paths.file(canvasPicturePath(entry.slug)))}" alt="${escapeHtml(alt)}" width="${view.width}" height="${view.height}" loading="lazy" decoding="async"></a></p>`;
    },
  };
  return { renderer, base, images };
}

/** Each board page's data: a canvas's view and rendered cards, a base's views. */
export function boardPagesData(input: {
  boards: SiteBoards;
  fences: SiteFences;
  /** Renders a card's Markdown as part of the canvas at `from` (src/node/site/markdownAdapter.ts). */
  snippet: (from: string, markdown: string) => { html: string; hasMath: boolean; hasMermaid: boolean };
}): BoardPageData[] {
  const { boards, fences } = input;
  const problemsOf = (path: string) => boards.issues.filter((i) => i.file === path).map((i) => (i.line ? `line ${i.line}: ${i.message}` : i.message));
  return boards.entries.map((entry): BoardPageData => {
    const file = boards.files.find((f) => f.path === entry.path)!;
    const common = { path: entry.path, slug: entry.slug, title: entry.title };
    if (entry.kind === 'base') {
      const rendered = renderBase(file.text, fences.base, { file: entry.path });
      // The same warning when the file is also embedded somewhere (rendered as a fence first) is kept once.
      const known = new Set(boards.issues.map(formatIssue));
      boards.issues.push(...rendered.issues.filter((i) => !known.has(formatIssue(i))));
      return { ...common, kind: 'base', html: rendered.html, problems: problemsOf(entry.path) };
    }
    const canvas = boards.canvases.get(entry.path);
    const view = canvas ? canvasView(canvas) : undefined;
    const cards: Record<string, string> = {};
    let hasMath = false;
    let hasMermaid = false;
    for (const node of view?.nodes ?? []) {
      if (node.markdown === undefined) continue;
      const rendered = input.snippet(entry.path, node.markdown);
      cards[node.id] = rendered.html;
      hasMath ||= rendered.hasMath;
      hasMermaid ||= rendered.hasMermaid;
    }
    return { ...common, kind: 'canvas', view, cards, hasMath, hasMermaid, problems: problemsOf(entry.path) };
  });
}
