// Isomorphic: a canvas drawn as a standalone SVG picture (cards, groups, edges, the first lines of each card), the
// image `![[board.canvas]]` shows inside a note: an `<img>` the note's sanitiser lets through, which runs nothing.
// Every text is escaped; the picture carries its own light background so it reads on both themes.
import { escapeHtml } from '../util/escapeHtml.js';
import type { CanvasView, CanvasViewNode } from './canvasView.js';

/** Obsidian's six card colours. */
export const CANVAS_PRESET_COLORS: Record<string, string> = { '1': '#e03e3e', '2': '#e8822e', '3': '#d9b600', '4': '#3f9c4f', '5': '#1f9bb5', '6': '#8a5cd1' };

const LINE = 20; // px per line of card text
const CHAR = 8.2; // px per character, for wrapping

export function canvasColor(color: string | undefined): string | undefined {
  return color ? (CANVAS_PRESET_COLORS[color] ?? color) : undefined;
}

export function renderCanvasSvg(view: CanvasView, title: string): string {
  const byZ = [...view.nodes].sort((a, b) => a.z - b.z);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${view.width} ${view.height}" width="${view.width}" height="${view.height}" role="img" aria-label="${escapeHtml(`Canvas ${title}`)}">`,
    `<title>${escapeHtml(title)}</title>`,
    '<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#5c6370"/></marker></defs>',
    `<rect width="${view.width}" height="${view.height}" fill="#f7f7f5"/>`,
  ];
  for (const n of byZ.filter((n) => n.kind === 'group')) {
    const stroke = canvasColor(n.color) ?? '#9aa0a6';
    parts.push(
      `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="12" fill="${stroke}" fill-opacity="0.08" stroke="${stroke}" stroke-width="2"/>`,
    );
    parts.push(
      `<text x="${n.x + 12}" y="${n.y - 10}" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#30343b">${escapeHtml(n.label)}</text>`,
    );
  }
  for (const e of view.edges) {
    const color = canvasColor(e.color) ?? '#5c6370';
    const ends = `${e.toArrow ? ' marker-end="url(#a)"' : ''}${e.fromArrow ? ' marker-start="url(#a)"' : ''}`;
    parts.push(`<path d="${e.path}" fill="none" stroke="${color}" stroke-width="3"${ends}/>`);
    if (e.label)
      parts.push(
        `<text x="${e.labelX}" y="${e.labelY}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" fill="#30343b" paint-order="stroke" stroke="#f7f7f5" stroke-width="6">${escapeHtml(e.label)}</text>`,
      );
  }
  for (const n of byZ.filter((n) => n.kind !== 'group')) parts.push(card(n));
  parts.push('</svg>');
  return parts.join('');
}

function card(n: CanvasViewNode): string {
  const stroke = canvasColor(n.color) ?? '#c4c7cc';
  const shown = n.kind === 'file' ? `▤ ${n.label}` : n.kind === 'link' ? `↗ ${n.label}` : (n.plain ?? n.label);
  const lines = wrapLines(shown, n.width - 24, Math.max(1, Math.floor((n.height - 16) / LINE)));
  const text = lines.map((l, i) => `<tspan x="${n.x + 12}" dy="${i === 0 ? 0 : LINE}">${escapeHtml(l)}</tspan>`).join('');
  return (
    `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="8" fill="#ffffff" stroke="${stroke}" stroke-width="2"/>` +
    `<text x="${n.x + 12}" y="${n.y + 26}" font-family="system-ui,sans-serif" font-size="16" fill="#1f2328">${text}</text>`
  );
}

/** Each line of the text wrapped, at most `max` lines in all. */
function wrapLines(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= max) break;
    out.push(...wrap(line, width, max - out.length));
  }
  return out;
}

/** Words into lines of at most `width` px (by an average character width), at most `max` lines, the last cut with "…". */
function wrap(text: string, width: number, max: number): string[] {
  const perLine = Math.max(4, Math.floor(width / CHAR));
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
    if (lines.length === max) break;
  }
  if (line && lines.length < max) lines.push(line);
  if (lines.length === max && text.length > lines.join(' ').length + 1) lines[max - 1] = `${lines[max - 1]!.slice(0, perLine - 1)}…`;
  return lines;
}
