// Isomorphic: the JSON Canvas 1.0 format (jsoncanvas.org), as Obsidian writes `.canvas` files. Each node and edge is
// checked on its own, so one bad entry is a warning and the rest of the canvas still shows (parseCanvas.ts).
import { z } from 'zod';

/** `"1"`–`"6"` (Obsidian's red, orange, yellow, green, cyan, purple) or a hex colour; anything else is ignored. */
export const canvasColorSchema = z
  .string()
  .optional()
  .transform((c) => (c !== undefined && (/^[1-6]$/.test(c) || /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(c)) ? c : undefined));

const box = {
  id: z.string().min(1),
  /** Position and size in canvas pixels (JSON Canvas writes integers; fractions are kept). */
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  color: canvasColorSchema,
};

export const canvasNodeSchema = z.discriminatedUnion('type', [
  z.object({ ...box, type: z.literal('text'), text: z.string() }).passthrough(),
  /** `file`: a path in the folder; `subpath`: `#Heading` or `#^block`. */
  z.object({ ...box, type: z.literal('file'), file: z.string().min(1), subpath: z.string().optional() }).passthrough(),
  z.object({ ...box, type: z.literal('link'), url: z.string() }).passthrough(),
  z.object({ ...box, type: z.literal('group'), label: z.string().optional(), background: z.string().optional() }).passthrough(),
]);

const side = z.enum(['top', 'right', 'bottom', 'left']).optional().catch(undefined);
const end = z.enum(['none', 'arrow']).optional().catch(undefined);

export const canvasEdgeSchema = z
  .object({
    id: z.string().min(1),
    fromNode: z.string().min(1),
    fromSide: side,
    /** Default none. */
    fromEnd: end.transform((e) => e ?? 'none'),
    toNode: z.string().min(1),
    toSide: side,
    /** Default arrow. */
    toEnd: end.transform((e) => e ?? 'arrow'),
    color: canvasColorSchema,
    label: z.string().optional(),
  })
  .passthrough();

/** The file's top level: lists of entries, each checked on its own. */
export const canvasFileSchema = z.object({ nodes: z.array(z.unknown()).default([]), edges: z.array(z.unknown()).default([]) }).passthrough();

export type CanvasNode = z.infer<typeof canvasNodeSchema>;
export type CanvasEdge = z.infer<typeof canvasEdgeSchema>;

export interface Canvas {
  /** In the file's order: the first is drawn lowest. */
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}
