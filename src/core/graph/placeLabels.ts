// Isomorphic: which labels of a drawn graph to show so that none covers another. Greedy by priority (the page's
// note, the hovered one and its neighbours, folder names, then the most linked notes): a label is shown when its box
// does not meet a box already shown. A grid of buckets keeps it near linear in the labels tried.

/** A label's box on the screen (x, y its top left) and how much it matters (higher first). */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
  priority: number;
}

/** Pixels kept free around each shown label. */
const MARGIN = 2;
/** Grid cell size in pixels. */
const CELL = 64;

/** Per box, whether it is shown; ties in priority go to the earlier box. At most `max` are shown. */
export function placeLabels(boxes: readonly LabelBox[], max = Infinity): boolean[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[b]!.priority - boxes[a]!.priority || a - b);
  const shown = new Array<boolean>(boxes.length).fill(false);
  const grid = new Map<string, number[]>();
  const cells = (b: LabelBox, add?: number): boolean => {
    const [x0, y0, x1, y1] = [b.x - MARGIN, b.y - MARGIN, b.x + b.w + MARGIN, b.y + b.h + MARGIN];
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
        const key = `${cx},${cy}`;
        if (add !== undefined) {
          const list = grid.get(key);
          if (list) list.push(add);
          else grid.set(key, [add]);
          continue;
        }
        for (const j of grid.get(key) ?? []) {
          const o = boxes[j]!;
          if (x0 < o.x + o.w && o.x < x1 && y0 < o.y + o.h && o.y < y1) return true;
        }
      }
    return false;
  };
  let count = 0;
  for (const i of order) {
    if (count >= max) break;
    const b = boxes[i]!;
    if (cells(b)) continue;
    shown[i] = true;
    cells(b, i);
    count++;
  }
  return shown;
}
