// The graph's labels: greedy by priority, none covering another (src/core/graph/placeLabels.ts).
import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelBox } from '../../src/core/graph/placeLabels.ts';

const box = (x: number, y: number, priority: number, w = 50, h = 14): LabelBox => ({ x, y, w, h, priority });

describe('placeLabels', () => {
  it.each<[string, LabelBox[], boolean[]]>([
    ['apart, both shown', [box(0, 0, 1), box(100, 0, 1)], [true, true]],
    ['overlapping, the higher priority wins', [box(0, 0, 1), box(10, 5, 2)], [false, true]],
    ['overlapping, equal priority: the earlier wins', [box(0, 0, 1), box(10, 5, 1)], [true, false]],
    ['touching within the margin counts as covering', [box(0, 0, 2), box(51, 0, 1)], [true, false]],
    ['a chain: the middle one loses, both ends stay', [box(0, 0, 3), box(40, 0, 1), box(80, 0, 2)], [true, false, true]],
    ['across grid cells', [box(60, 60, 2, 10, 10), box(62, 62, 1, 10, 10)], [true, false]],
    ['negative coordinates', [box(-30, -10, 2), box(-20, -5, 1)], [true, false]],
  ])('%s', (_rule, boxes, shown) => expect(placeLabels(boxes)).toEqual(shown));
  it('shows at most max', () => expect(placeLabels([box(0, 0, 1), box(100, 0, 2), box(200, 0, 3)], 2)).toEqual([false, true, true]));
  it('no two shown boxes of a dense pile meet', () => {
    const boxes = Array.from({ length: 500 }, (_, i) => box((i * 37) % 300, (i * 53) % 200, i % 7));
    const shown = placeLabels(boxes);
    const kept = boxes.filter((_, i) => shown[i]);
    expect(kept.length).toBeGreaterThan(10);
    for (let a = 0; a < kept.length; a++)
      for (let b = a + 1; b < kept.length; b++) {
        const [p, q] = [kept[a]!, kept[b]!];
        expect(p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h).toBe(false);
      }
  });
});
