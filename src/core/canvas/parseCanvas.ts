// Isomorphic: a `.canvas` file's text read into a Canvas. Never throws: a file that is not JSON, or not a canvas,
// is one warning naming the file and the line (its page says it could not be read); a node or edge that does not
// fit the format is a warning naming it, and the rest of the canvas is kept.
import type { KbIssue } from '../util/issue.js';
import { canvasEdgeSchema, canvasFileSchema, canvasNodeSchema, type Canvas, type CanvasEdge, type CanvasNode } from './canvasSchema.js';

export interface ParsedCanvas {
  /** Undefined when the file could not be read as a canvas at all. */
  canvas: Canvas | undefined;
  issues: KbIssue[];
}

/** Nodes and edges past these are left out with a warning: a page must stay a page. */
export const MAX_CANVAS_NODES = 2000;
export const MAX_CANVAS_EDGES = 4000;

export function parseCanvas(text: string, file: string): ParsedCanvas {
  const issues: KbIssue[] = [];
  const warn = (message: string, line?: number) => issues.push({ severity: 'warning', code: 'canvas-invalid', file, ...(line ? { line } : {}), message });
  if (text.trim() === '') return { canvas: { nodes: [], edges: [] }, issues };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? lineOf(text, Number(at[1])) : Number(/line (\d+)/.exec(message)?.[1] ?? 0) || undefined;
    warn(
      `is not valid JSON (${message.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '')}); the canvas is not shown. Save it again from Obsidian or fix the JSON.`,
      line,
    );
    return { canvas: undefined, issues };
  }
  const top = canvasFileSchema.safeParse(json);
  if (!top.success) {
    warn('is not a canvas (expected an object with `nodes` and `edges` lists); the canvas is not shown.', 1);
    return { canvas: undefined, issues };
  }
  const nodes: CanvasNode[] = [];
  const ids = new Set<string>();
  for (const [i, raw] of top.data.nodes.entries()) {
    if (nodes.length === MAX_CANVAS_NODES) {
      warn(`has more than ${MAX_CANVAS_NODES} nodes; the rest are not shown.`);
      break;
    }
    const parsed = canvasNodeSchema.safeParse(raw);
    const id = idOf(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      warn(
        `node ${id ? `“${id}”` : `#${i + 1}`}: ${first.path.join('.') || 'type'}: ${first.message}; this node is not shown.`,
        id ? lineOfId(text, id) : undefined,
      );
      continue;
    }
    if (ids.has(parsed.data.id)) {
      warn(`node “${parsed.data.id}” appears twice; the second is not shown.`, lineOfId(text, parsed.data.id, 2));
      continue;
    }
    ids.add(parsed.data.id);
    nodes.push(parsed.data);
  }
  const edges: CanvasEdge[] = [];
  for (const [i, raw] of top.data.edges.entries()) {
    if (edges.length === MAX_CANVAS_EDGES) {
      warn(`has more than ${MAX_CANVAS_EDGES} edges; the rest are not shown.`);
      break;
    }
    const parsed = canvasEdgeSchema.safeParse(raw);
    const id = idOf(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      warn(`edge ${id ? `“${id}”` : `#${i + 1}`}: ${first.path.join('.')}: ${first.message}; this edge is not shown.`, id ? lineOfId(text, id) : undefined);
      continue;
    }
    const missing = [parsed.data.fromNode, parsed.data.toNode].find((n) => !ids.has(n));
    if (missing !== undefined) {
      warn(`edge “${parsed.data.id}” connects node “${missing}”, which is not on the canvas; this edge is not shown.`, lineOfId(text, parsed.data.id));
      continue;
    }
    edges.push(parsed.data);
  }
  return { canvas: { nodes, edges }, issues };
}

function idOf(raw: unknown): string | undefined {
  return raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : undefined;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(offset, text.length); i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line of the `"id":"…"` that names an entry (the `nth` one), for a warning a person can find. */
function lineOfId(text: string, id: string, nth = 1): number | undefined {
  const needle = JSON.stringify(id);
  let at = -1;
  for (let n = 0; n < nth; n++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) return undefined;
  }
  return lineOf(text, at);
}
