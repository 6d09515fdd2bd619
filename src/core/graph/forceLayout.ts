// Isomorphic: a small force-directed layout (springs along edges, every pair pushing apart, a pull to the middle)
// with a fixed seed and a fixed number of steps, so the same graph always lands in the same place. O(n²) a step:
// for the local graph (≤ ~70 nodes, in the browser) and for the clusters and small folders of the global graph.

export interface ForceLayoutOptions {
  /** Steps to run. Default 300. */
  iterations?: number | undefined;
  /** Seed of the starting positions. Default 1. */
  seed?: number | undefined;
  /** Wanted distance between linked nodes. Default 60. */
  distance?: number | undefined;
  /** Radius of each node (nodes never overlap closer than the sum). Default: none. */
  radius?: ((i: number) => number) | undefined;
  /** Strength of each edge (1 by default). */
  weight?: ((edge: number) => number) | undefined;
  /** Starting positions (x0, y0, x1, y1, …); default: a seeded spiral. */
  initial?: Float64Array | undefined;
  /** A node held at the origin (the local graph's note). */
  pinned?: number | undefined;
}

/** mulberry32: a tiny seeded generator, the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const GRAVITY = 0.05;

/** Positions on a sunflower spiral, `spacing` apart: the even start every layout here begins from. */
export function spiral(n: number, spacing: number): Float64Array {
  const pos = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    const r = spacing * Math.sqrt(i + 0.5);
    pos[2 * i] = r * Math.cos(i * GOLDEN_ANGLE);
    pos[2 * i + 1] = r * Math.sin(i * GOLDEN_ANGLE);
  }
  return pos;
}

/** Returns x0, y0, x1, y1, … for nodes 0 … n-1. */
export function forceLayout(n: number, edges: readonly (readonly [number, number])[], options: ForceLayoutOptions = {}): Float64Array {
  const iterations = options.iterations ?? 300;
  const distance = options.distance ?? 60;
  const random = seededRandom(options.seed ?? 1);
  const pos = options.initial ? Float64Array.from(options.initial) : spiral(n, distance * 0.6);
  // A little seeded jitter, so nodes that start on one point are pulled apart the same way every time.
  for (let i = 0; i < pos.length; i++) pos[i]! += (random() - 0.5) * distance * 0.05;
  const radius = options.radius;
  const force = new Float64Array(n * 2);
  for (let step = 0; step < iterations; step++) {
    const heat = distance * 0.5 * (1 - step / iterations) + 0.5; // the largest move a step allows, cooling down
    force.fill(0);
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        let dx = pos[2 * i]! - pos[2 * j]!;
        let dy = pos[2 * i + 1]! - pos[2 * j + 1]!;
        let d2 = dx * dx + dy * dy;
        if (d2 < 1e-6) {
          dx = random() - 0.5;
          dy = random() - 0.5;
          d2 = dx * dx + dy * dy;
        }
        const d = Math.sqrt(d2);
        const gap = radius ? radius(i) + radius(j) : 0;
        let push = (distance * distance) / d;
        if (gap && d < gap) push += (gap - d) * 4;
        force[2 * i]! += (dx / d) * push;
        force[2 * i + 1]! += (dy / d) * push;
        force[2 * j]! -= (dx / d) * push;
        force[2 * j + 1]! -= (dy / d) * push;
      }
    edges.forEach(([a, b], e) => {
      const dx = pos[2 * a]! - pos[2 * b]!;
      const dy = pos[2 * a + 1]! - pos[2 * b + 1]!;
      const d = Math.sqrt(dx * dx + dy * dy) || 1;
      const pull = ((d * d) / distance) * (options.weight ? options.weight(e) : 1);
      force[2 * a]! -= (dx / d) * pull;
      force[2 * a + 1]! -= (dy / d) * pull;
      force[2 * b]! += (dx / d) * pull;
      force[2 * b + 1]! += (dy / d) * pull;
    });
    for (let i = 0; i < n; i++) {
      if (i === options.pinned) continue;
      // A weak pull to the middle keeps parts that are not linked to each other on the page.
      const fx = force[2 * i]! - pos[2 * i]! * GRAVITY;
      const fy = force[2 * i + 1]! - pos[2 * i + 1]! * GRAVITY;
      const f = Math.sqrt(fx * fx + fy * fy);
      if (f === 0) continue;
      const move = Math.min(f, heat);
      pos[2 * i]! += (fx / f) * move;
      pos[2 * i + 1]! += (fy / f) * move;
    }
  }
  if (options.pinned !== undefined) {
    const [px, py] = [pos[2 * options.pinned]!, pos[2 * options.pinned + 1]!];
    for (let i = 0; i < n; i++) {
      pos[2 * i]! -= px;
      pos[2 * i + 1]! -= py;
    }
  }
  return pos;
}
