// Isomorphic: what a canvas page draws, computed once at build time: each card's box in the canvas's own pixels
// (moved so the top-left card sits at the padding), the Markdown its body renders from, and each edge's curve,
// arrow ends and label position. Components only place what this returns.
import { isImage, isPublishableAttachment } from '../links/attachmentKinds.js';
import { scanLinks } from '../links/scanLinks.js';
import type { Canvas, CanvasEdge, CanvasNode } from './canvasSchema.js';

export interface CanvasViewNode {
  id: string;
  kind: CanvasNode['type'];
  x: number;
  y: number;
  width: number;
  height: number;
  /** `"1"`–`"6"` or `#rrggbb`. */
  color?: string | undefined;
  /** Text and file cards: the Markdown the note pipeline renders into the card (a file card embeds its file). */
  markdown?: string | undefined;
  /** Link cards: the URL, when it is http(s). */
  url?: string | undefined;
  /** A card's name in the outline (a text card's first line), a group's label. */
  label: string;
  /** Text cards: the text without Markdown's marks, for the picture embeds show. */
  plain?: string | undefined;
  /** Stacking order: the file's order, the first drawn lowest. */
  z: number;
}

export interface CanvasViewEdge {
  id: string;
  /** SVG path data of the curve. */
  path: string;
  label?: string | undefined;
  labelX: number;
  labelY: number;
  fromArrow: boolean;
  toArrow: boolean;
  color?: string | undefined;
  /** The cards' outline names, for the text list of connections. */
  from: string;
  to: string;
}

export interface CanvasView {
  width: number;
  height: number;
  /** In reading order (top to bottom, then left to right; a group before what it holds). */
  nodes: CanvasViewNode[];
  edges: CanvasViewEdge[];
}

/** Space around the cards. */
export const CANVAS_PADDING = 40;

export function canvasView(canvas: Canvas): CanvasView {
  const dx = CANVAS_PADDING - (canvas.nodes.length ? Math.min(...canvas.nodes.map((n) => n.x)) : 0);
  const dy = CANVAS_PADDING - (canvas.nodes.length ? Math.min(...canvas.nodes.map((n) => n.y)) : 0);
  const nodes = canvas.nodes.map((n, z) => viewNode(n, z, dx, dy));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const width = Math.ceil(Math.max(0, ...nodes.map((n) => n.x + n.width)) + CANVAS_PADDING);
  const height = Math.ceil(Math.max(0, ...nodes.map((n) => n.y + n.height)) + CANVAS_PADDING);
  const edges = canvas.edges.map((e) => viewEdge(e, byId.get(e.fromNode)!, byId.get(e.toNode)!));
  const reading = [...nodes].sort((a, b) => a.y - b.y || a.x - b.x || (a.kind === 'group' ? -1 : 0) - (b.kind === 'group' ? -1 : 0) || a.z - b.z);
  return { width, height, nodes: reading, edges };
}

function viewNode(n: CanvasNode, z: number, dx: number, dy: number): CanvasViewNode {
  const at = {
    id: n.id,
    kind: n.type,
    x: round(n.x + dx),
    y: round(n.y + dy),
    width: round(n.width),
    height: round(n.height),
    z,
    ...(n.color ? { color: n.color } : {}),
  };
  switch (n.type) {
    case 'text':
      return { ...at, markdown: n.text, label: firstLine(n.text) || 'Text card', plain: plainText(n.text) };
    case 'file': {
      const name = n.file.slice(n.file.lastIndexOf('/') + 1);
      // A canvas or a file the site does not publish is linked; a note, a base or an image is shown in the card.
      const link = /\.canvas$/i.test(n.file) || (isPublishableAttachment(n.file) && !isImage(n.file));
      return { ...at, markdown: `${link ? '' : '!'}[[${n.file}${n.subpath ?? ''}]]`, label: name.replace(/\.mdx?$/i, '') };
    }
    case 'link':
      return { ...at, ...(/^https?:\/\//i.test(n.url.trim()) ? { url: n.url.trim() } : {}), label: n.url.trim() || 'Link card' };
    case 'group':
      return { ...at, label: n.label?.trim() || 'Group' };
  }
}

type Side = 'top' | 'right' | 'bottom' | 'left';

function viewEdge(e: CanvasEdge, from: CanvasViewNode, to: CanvasViewNode): CanvasViewEdge {
  const fromSide = e.fromSide ?? facing(from, to);
  const toSide = e.toSide ?? facing(to, from);
  const a = anchor(from, fromSide);
  const b = anchor(to, toSide);
  const reach = Math.max(30, Math.min(160, Math.hypot(b[0] - a[0], b[1] - a[1]) / 2));
  const c1 = push(a, fromSide, reach);
  const c2 = push(b, toSide, reach);
  // The curve's midpoint (t = 1/2 of the cubic Bézier) carries the label.
  const mid = (i: 0 | 1) => round((a[i] + 3 * c1[i] + 3 * c2[i] + b[i]) / 8);
  return {
    id: e.id,
    path: `M${a[0]} ${a[1]} C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${b[0]} ${b[1]}`,
    ...(e.label?.trim() ? { label: e.label.trim() } : {}),
    labelX: mid(0),
    labelY: mid(1),
    fromArrow: e.fromEnd === 'arrow',
    toArrow: e.toEnd === 'arrow',
    ...(e.color ? { color: e.color } : {}),
    from: from.label,
    to: to.label,
  };
}

/** The side of `n` that faces `other`, when the edge does not say. */
function facing(n: CanvasViewNode, other: CanvasViewNode): Side {
  const dx = other.x + other.width / 2 - (n.x + n.width / 2);
  const dy = other.y + other.height / 2 - (n.y + n.height / 2);
  return Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 'right' : 'left') : dy >= 0 ? 'bottom' : 'top';
}

function anchor(n: CanvasViewNode, side: Side): [number, number] {
  if (side === 'top') return [round(n.x + n.width / 2), n.y];
  if (side === 'bottom') return [round(n.x + n.width / 2), n.y + n.height];
  if (side === 'left') return [n.x, round(n.y + n.height / 2)];
  return [n.x + n.width, round(n.y + n.height / 2)];
}

function push([x, y]: [number, number], side: Side, by: number): [number, number] {
  if (side === 'top') return [x, round(y - by)];
  if (side === 'bottom') return [x, round(y + by)];
  if (side === 'left') return [round(x - by), y];
  return [round(x + by), y];
}

const round = (n: number) => Math.round(n * 10) / 10;

function firstLine(markdown: string): string {
  const line = plainText(markdown).split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** Markdown as the words it shows: no heading, list, quote or callout marks, a wikilink as its text, no emphasis. */
export function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s*(?:>\s*)+/, '') // quote marks
        .replace(/^\[!\w+\][+-]?\s*/, '') // a callout's type
        .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ x]\]\s+)?|\d+[.)]\s+)/, '') // heading, bullet, task box, number
        .replace(/!?\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_, target: string, label: string | undefined) => label ?? target.replace(/#.*$/, '')) // [[target|label]]
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url)
        .replace(/(\*\*|__|\*|_|`|==|~~)/g, '') // emphasis, code, highlight, strike marks
        .trim(),
    )
    .filter((l) => l !== '')
    .join('\n');
}

/** What a canvas links to, as written: its file cards' paths and the wikilinks in its text cards (backlinks, graph). */
export function canvasLinks(canvas: Canvas): string[] {
  const out = new Set<string>();
  for (const n of canvas.nodes) {
    if (n.type === 'file') out.add(n.file);
    if (n.type === 'text') for (const l of scanLinks(n.text)) if (l.kind === 'wikilink' && l.link.target) out.add(l.link.target);
  }
  return [...out];
}
