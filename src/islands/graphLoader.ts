// On pages with a graph: the graph island is fetched only when the reader opens one (a local graph's <details>), or at
// once on the global graph page, which is opened by visiting it. Pages without a graph load nothing more.
const load = () => import('./kbGraph.ts');

for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-kb-graph="local"]')) {
  const open = () => void load().then((m) => m.mountLocal(details));
  if (details.open) open();
  else details.addEventListener('toggle', () => details.open && open());
}

for (const host of document.querySelectorAll<HTMLElement>('[data-kb-graph="global"]')) void load().then((m) => m.mountGlobal(host));

// A base's table sorts by a column when its script is here; only pages that show a base load it.
if (document.querySelector('.base-table table')) void import('./baseSort.ts');
