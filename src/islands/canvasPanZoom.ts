// A canvas page's board, moved and zoomed in place: drag the background (or use the arrow keys) to move, the wheel
// to scroll, Ctrl/⌘ + wheel or a pinch to zoom, + and − and Fit on the toolbar or the keyboard. Without this
// script the board scrolls at full size.
for (const board of document.querySelectorAll<HTMLElement>('[data-kb-canvas]')) {
  const viewport = board.querySelector<HTMLElement>('.canvas-viewport')!;
  const world = board.querySelector<HTMLElement>('[data-canvas-world]')!;
  const toolbar = board.querySelector<HTMLElement>('[data-canvas-toolbar]')!;
  const size = { w: world.offsetWidth, h: world.offsetHeight };
  let view = { x: 0, y: 0, k: 1 };
  board.classList.add('canvas-interactive');
  toolbar.hidden = false;

  const apply = () => {
    world.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.k})`;
    board.dataset['zoom'] = view.k.toFixed(2);
  };
  const zoomAt = (factor: number, cx = viewport.clientWidth / 2, cy = viewport.clientHeight / 2) => {
    const k = Math.max(0.1, Math.min(3, view.k * factor));
    view = { k, x: cx - ((cx - view.x) * k) / view.k, y: cy - ((cy - view.y) * k) / view.k };
    apply();
  };
  const fit = () => {
    const k = Math.min(1, (viewport.clientWidth - 16) / size.w, (viewport.clientHeight - 16) / size.h);
    view = { k, x: (viewport.clientWidth - size.w * k) / 2, y: Math.max(8, (viewport.clientHeight - size.h * k) / 2) };
    apply();
  };
  const actions: Record<string, () => void> = {
    in: () => zoomAt(1.25),
    out: () => zoomAt(0.8),
    fit,
    reset: () => ((view = { x: 8, y: 8, k: 1 }), apply()),
  };
  for (const b of toolbar.querySelectorAll<HTMLButtonElement>('[data-canvas-zoom]')) b.addEventListener('click', () => actions[b.dataset['canvasZoom']!]?.());

  let drag: { x: number; y: number } | undefined;
  const pointers = new Map<number, { x: number; y: number }>();
  viewport.addEventListener('pointerdown', (e) => {
    const target = e.target as HTMLElement;
    // Cards keep their text selectable and their links clickable; the background and groups move the board.
    if (target.closest('.canvas-node:not(.canvas-group), a, button')) return;
    viewport.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    drag = { x: e.clientX, y: e.clientY };
    viewport.classList.add('dragging');
  });
  viewport.addEventListener('pointermove', (e) => {
    const before = pointers.get(e.pointerId);
    if (!before || !drag) return;
    if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)![1];
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      const box = viewport.getBoundingClientRect();
      if (d0 > 0) zoomAt(d1 / d0, (e.clientX + other.x) / 2 - box.left, (e.clientY + other.y) / 2 - box.top);
    } else {
      view = { ...view, x: view.x + e.clientX - drag.x, y: view.y + e.clientY - drag.y };
      apply();
    }
    drag = { x: e.clientX, y: e.clientY };
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  const end = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (!pointers.size) {
      drag = undefined;
      viewport.classList.remove('dragging');
    }
  };
  viewport.addEventListener('pointerup', end);
  viewport.addEventListener('pointercancel', end);
  viewport.addEventListener(
    'wheel',
    (e) => {
      // A card that scrolls keeps the wheel until its end.
      const card = (e.target as HTMLElement).closest<HTMLElement>('.canvas-node:not(.canvas-group)');
      if (!e.ctrlKey && !e.metaKey && card && card.scrollHeight > card.clientHeight) return;
      e.preventDefault();
      const box = viewport.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) zoomAt(Math.exp(-e.deltaY * 0.01), e.clientX - box.left, e.clientY - box.top);
      else {
        view = { ...view, x: view.x - e.deltaX, y: view.y - e.deltaY };
        apply();
      }
    },
    { passive: false },
  );
  viewport.addEventListener('keydown', (e) => {
    if (e.target !== viewport) return;
    const step = 60;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) {
      view = { ...view, x: view.x + moves[e.key]![0], y: view.y + moves[e.key]![1] };
      apply();
    } else if (e.key === '+' || e.key === '=') zoomAt(1.25);
    else if (e.key === '-') zoomAt(0.8);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  });
  fit();
}
