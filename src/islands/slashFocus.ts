// `/` focuses the page's query box (unless the reader is already typing somewhere).
document.addEventListener('keydown', (e) => {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target as HTMLElement | null;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const box = document.querySelector<HTMLInputElement>('input[name="q"]');
  if (!box) return;
  e.preventDefault();
  box.focus();
  box.select();
});
