// The graph drawn on a <canvas>: pan (drag, arrow keys), zoom (wheel, pinch, + and − buttons), hover to see a
// page's name and its neighbours, click to open it. Used by the local graph of a page and the global graph page;
// both also list the same pages as links in the page, which is the keyboard and screen-reader way through them.
// At many nodes (the global graph), far out it draws the folders as circles and the links between them.

import { placeLabels, type LabelBox } from '../core/graph/placeLabels.ts';
import type { I18n } from '../core/i18n/createI18n.ts';
import type { graph } from '../core/i18n/en/graphStrings.ts';

export interface GraphPoint {
  x: number;
  y: number;
  title: string;
  href: string;
  /** note, canvas, base, tag. */
  kind: string;
  /** 0 for the page itself (local graph), 2 for two links away. */
  depth?: number | undefined;
  cluster?: number | undefined;
}

export interface GraphCluster {
  label: string;
  x: number;
  y: number;
  r: number;
  size: number;
}

export interface GraphScene {
  nodes: GraphPoint[];
  /** from, to, from, to, … */
  edges: ArrayLike<number>;
  clusters?: GraphCluster[] | undefined;
  /** cluster, cluster, count, … */
  bridges?: ArrayLike<number> | undefined;
}

interface Colors {
  fg: string;
  muted: string;
  edge: string;
  accent: string;
  bg: string;
  surface: string;
  canvas: string;
  tag: string;
}

/** Labels a frame shows at most, and graphs up to this many nodes try a label for every node at any zoom. */
const MAX_LABELS = 400;
const LABELLED_NODES = 300;

/** Below this zoom the global graph shows folders instead of notes. */
const CLUSTER_ZOOM = 0.35;

export function drawGraph(
  host: HTMLElement,
  scene: GraphScene,
  options: { height: number; label: string; i18n: Pick<I18n<keyof typeof graph>, 't'> },
): () => void {
  const { t } = options.i18n;
  const canvas = document.createElement('canvas');
  canvas.className = 'graph-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  const tip = document.createElement('div');
  tip.className = 'graph-tip';
  tip.hidden = true;
  const controls = document.createElement('div');
  controls.className = 'graph-controls';
  const button = (text: string, label: string, act: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', act);
    controls.append(b);
  };
  host.replaceChildren(canvas, tip, controls);
  const ctx = canvas.getContext('2d')!;
  const neighbours = scene.nodes.map(() => [] as number[]);
  for (let i = 0; i + 1 < scene.edges.length; i += 2) {
    neighbours[scene.edges[i]!]!.push(scene.edges[i + 1]!);
    neighbours[scene.edges[i + 1]!]!.push(scene.edges[i]!);
  }
  let width = 0;
  let view = { x: 0, y: 0, k: 1 };
  let hover = -1;
  let colors = readColors(host);
  let frame = 0;

  const fit = () => {
    const xs = scene.nodes.map((n) => n.x);
    const ys = scene.nodes.map((n) => n.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const k = Math.min(4, 0.9 * Math.min(width / Math.max(1, maxX - minX + 40), options.height / Math.max(1, maxY - minY + 40)));
    view = { k, x: width / 2 - ((minX + maxX) / 2) * k, y: options.height / 2 - ((minY + maxY) / 2) * k };
  };
  const resize = () => {
    width = host.clientWidth || 600;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(options.height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${options.height}px`;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };
  const clustered = () => Boolean(scene.clusters?.length) && scene.nodes.length > 300 && view.k < CLUSTER_ZOOM;

  function render() {
    frame = 0;
    const { x, y, k } = view;
    ctx.clearRect(0, 0, width, options.height);
    ctx.fillStyle = colors.surface;
    ctx.fillRect(0, 0, width, options.height);
    if (clustered()) return renderClusters();
    const sx = (n: GraphPoint) => n.x * k + x;
    const sy = (n: GraphPoint) => n.y * k + y;
    const visible = (n: GraphPoint) => sx(n) > -40 && sx(n) < width + 40 && sy(n) > -40 && sy(n) < options.height + 40;
    // Labels are placed after the dots: folder names, then notes by how much they matter, none over another.
    const texts: { text: string; x: number; y: number; font: string; color: string }[] = [];
    const boxes: LabelBox[] = [];
    const label = (text: string, at: { x: number; y: number }, font: string, color: string, priority: number, centred = false) => {
      ctx.font = font;
      const w = ctx.measureText(text).width;
      const left = centred ? at.x - w / 2 : at.x;
      texts.push({ text, x: left, y: at.y, font, color });
      boxes.push({ x: left, y: at.y - 11, w, h: 14, priority });
    };
    // The folders, faintly, behind their notes.
    if (scene.clusters && scene.clusters.length > 1) {
      ctx.lineWidth = 1;
      ctx.strokeStyle = colors.edge;
      for (const c of scene.clusters) {
        const r = c.r * k + 6;
        ctx.beginPath();
        ctx.arc(c.x * k + x, c.y * k + y, r, 0, Math.PI * 2);
        ctx.stroke();
        label(cut(c.label), { x: c.x * k + x, y: c.y * k + y - r - 4 }, '600 11px system-ui, sans-serif', colors.muted, 1e6 + c.size, true);
      }
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.edge;
    ctx.globalAlpha = scene.nodes.length > 2000 ? 0.35 : 0.8;
    ctx.beginPath();
    for (let i = 0; i + 1 < scene.edges.length; i += 2) {
      const a = scene.nodes[scene.edges[i]!]!;
      const b = scene.nodes[scene.edges[i + 1]!]!;
      if (!visible(a) && !visible(b)) continue;
      ctx.moveTo(sx(a), sy(a));
      ctx.lineTo(sx(b), sy(b));
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
    const lit = new Set(hover >= 0 ? [hover, ...neighbours[hover]!] : []);
    if (hover >= 0) {
      ctx.strokeStyle = colors.accent;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (const j of neighbours[hover]!) {
        ctx.moveTo(sx(scene.nodes[hover]!), sy(scene.nodes[hover]!));
        ctx.lineTo(sx(scene.nodes[j]!), sy(scene.nodes[j]!));
      }
      ctx.stroke();
    }
    const radius = Math.max(2.5, Math.min(7, 5 * Math.sqrt(k)));
    scene.nodes.forEach((n, i) => {
      if (!visible(n)) return;
      const r = n.depth === 0 ? radius * 1.6 : radius;
      ctx.fillStyle =
        n.depth === 0 || lit.has(i)
          ? colors.accent
          : n.kind === 'tag'
            ? colors.tag
            : n.kind === 'note'
              ? n.depth === 2
                ? colors.muted
                : colors.fg
              : colors.canvas;
      ctx.beginPath();
      if (n.kind === 'note' || n.kind === 'tag') ctx.arc(sx(n), sy(n), r, 0, Math.PI * 2);
      else ctx.rect(sx(n) - r, sy(n) - r, 2 * r, 2 * r);
      ctx.fill();
      // Names where there is room: the page's note and the lit ones first, then the most linked (a large graph's
      // names only once zoomed in, so a frame never measures thousands of them).
      if (scene.nodes.length > LABELLED_NODES && k < 0.8 && !lit.has(i) && n.depth !== 0) return;
      label(
        cut(n.title),
        { x: sx(n) + r + 4, y: sy(n) + 4 },
        `${n.depth === 0 || i === hover ? '600 ' : ''}12px system-ui, sans-serif`,
        lit.has(i) || n.depth === 0 ? colors.fg : colors.muted,
        n.depth === 0 || i === hover ? 3e6 : lit.has(i) ? 2e6 : neighbours[i]!.length,
      );
    });
    const shown = placeLabels(boxes, MAX_LABELS);
    texts.forEach((t, j) => {
      if (!shown[j]) return;
      ctx.font = t.font;
      ctx.fillStyle = t.color;
      ctx.fillText(t.text, t.x, t.y);
    });
  }

  function renderClusters() {
    const { x, y, k } = view;
    const clusters = scene.clusters!;
    const bridges = scene.bridges ?? [];
    ctx.strokeStyle = colors.edge;
    for (let i = 0; i + 2 < bridges.length; i += 3) {
      const a = clusters[bridges[i]!]!;
      const b = clusters[bridges[i + 1]!]!;
      ctx.lineWidth = Math.min(8, 0.5 + Math.log2(1 + bridges[i + 2]!));
      ctx.beginPath();
      ctx.moveTo(a.x * k + x, a.y * k + y);
      ctx.lineTo(b.x * k + x, b.y * k + y);
      ctx.stroke();
    }
    ctx.font = '600 12px system-ui, sans-serif';
    const boxes: LabelBox[] = [];
    const names = clusters.map((c, i) => {
      ctx.fillStyle = i === hover ? colors.accent : colors.bg;
      ctx.strokeStyle = colors.accent;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(c.x * k + x, c.y * k + y, Math.max(4, c.r * k), 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      const text = `${cut(c.label)} (${c.size})`;
      const w = ctx.measureText(text).width;
      const at = { x: c.x * k + x - w / 2, y: c.y * k + y - Math.max(4, c.r * k) - 4 };
      boxes.push({ x: at.x, y: at.y - 11, w, h: 14, priority: i === hover ? Infinity : c.size });
      return { text, ...at };
    });
    // The biggest folders' names first; one that would cover another waits for a closer zoom (or a hover).
    const shown = placeLabels(boxes, MAX_LABELS);
    ctx.fillStyle = colors.fg;
    names.forEach((t, i) => shown[i] && ctx.fillText(t.text, t.x, t.y));
  }

  /** The node (or, far out, the folder) under a point of the canvas, or -1. */
  const hit = (px: number, py: number): number => {
    const { x, y, k } = view;
    let best = -1;
    let bestD = Infinity;
    if (clustered()) {
      scene.clusters!.forEach((c, i) => {
        const d = Math.hypot(c.x * k + x - px, c.y * k + y - py);
        if (d <= Math.max(8, c.r * k) && d < bestD) [best, bestD] = [i, d];
      });
      return best;
    }
    scene.nodes.forEach((n, i) => {
      const d = Math.hypot(n.x * k + x - px, n.y * k + y - py);
      if (d < 12 && d < bestD) [best, bestD] = [i, d];
    });
    return best;
  };
  const zoom = (factor: number, cx = width / 2, cy = options.height / 2) => {
    const k = Math.max(0.02, Math.min(8, view.k * factor));
    view = { k, x: cx - ((cx - view.x) * k) / view.k, y: cy - ((cy - view.y) * k) / view.k };
    schedule();
  };

  button('+', t('graph.zoomIn'), () => zoom(1.4));
  button('−', t('graph.zoomOut'), () => zoom(1 / 1.4));
  button(t('graph.fit'), t('graph.fitLabel'), () => (fit(), schedule()));

  let drag: { x: number; y: number; moved: boolean } | undefined;
  const pointers = new Map<number, { x: number; y: number }>();
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    drag = { x: e.offsetX, y: e.offsetY, moved: false };
  });
  canvas.addEventListener('pointermove', (e) => {
    const before = pointers.get(e.pointerId);
    if (pointers.size === 2 && before) {
      // Pinch: the distance between two fingers scales the view.
      const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)![1];
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(e.offsetX - other.x, e.offsetY - other.y);
      pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
      if (d0 > 0) zoom(d1 / d0, (e.offsetX + other.x) / 2, (e.offsetY + other.y) / 2);
      if (drag) drag.moved = true;
      return;
    }
    if (drag && before) {
      const dx = e.offsetX - drag.x;
      const dy = e.offsetY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      if (drag.moved) {
        view = { ...view, x: view.x + dx, y: view.y + dy };
        drag = { x: e.offsetX, y: e.offsetY, moved: true };
        pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
        schedule();
      }
      return;
    }
    const at = hit(e.offsetX, e.offsetY);
    if (at !== hover) {
      hover = at;
      canvas.style.cursor = at >= 0 ? 'pointer' : 'grab';
      showTip(e.offsetX, e.offsetY);
      schedule();
    }
  });
  const end = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    const wasDrag = drag?.moved;
    drag = undefined;
    if (wasDrag || e.type !== 'pointerup') return;
    const at = hit(e.offsetX, e.offsetY);
    if (at < 0) return;
    if (clustered()) {
      const c = scene.clusters![at]!;
      view = { k: CLUSTER_ZOOM * 2.5, x: width / 2 - c.x * CLUSTER_ZOOM * 2.5, y: options.height / 2 - c.y * CLUSTER_ZOOM * 2.5 };
      hover = -1;
      schedule();
    } else if (scene.nodes[at]!.depth !== 0) window.location.assign(scene.nodes[at]!.href);
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('pointerleave', () => {
    if (hover < 0) return;
    hover = -1;
    tip.hidden = true;
    schedule();
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      zoom(Math.exp(-e.deltaY * 0.0015), e.offsetX, e.offsetY);
    },
    { passive: false },
  );

  function showTip(px: number, py: number) {
    if (hover < 0) {
      tip.hidden = true;
      return;
    }
    tip.textContent = clustered()
      ? t('graph.cluster', { label: scene.clusters![hover]!.label, count: scene.clusters![hover]!.size })
      : scene.nodes[hover]!.title;
    tip.style.left = `${Math.min(px + 12, width - 200)}px`;
    tip.style.top = `${py + 12}px`;
    tip.hidden = false;
  }

  const recolor = () => {
    colors = readColors(host);
    schedule();
  };
  const observer = new MutationObserver(recolor);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', recolor);
  const onResize = () => (resize(), schedule());
  window.addEventListener('resize', onResize);
  resize();
  fit();
  render();
  host.dataset['graphDrawn'] = String(scene.nodes.length);
  canvas.dataset['label'] = options.label;
  return () => {
    observer.disconnect();
    scheme.removeEventListener('change', recolor);
    window.removeEventListener('resize', onResize);
  };
}

const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/** The theme's colours, resolved (a custom property holding light-dark() is read through an element's colour). */
function readColors(host: HTMLElement): Colors {
  const probe = document.createElement('span');
  host.append(probe);
  const read = (v: string) => {
    probe.style.color = `var(${v})`;
    return getComputedStyle(probe).color;
  };
  const colors = {
    fg: read('--fg'),
    muted: read('--muted'),
    edge: read('--border'),
    accent: read('--accent'),
    bg: read('--bg'),
    surface: read('--surface'),
    canvas: read('--ok'),
    tag: read('--warn-fg'),
  };
  probe.remove();
  return colors;
}
