// A base's tables sort by a column in the page: each heading becomes a button (Enter or a click sorts by it; again,
// the other way), `aria-sort` says how, numbers and dates sort as such. Without this script the table keeps the
// base's own order.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
// a number, optionally with a sign, thousands separators and a fraction
const NUMBER = /^-?[\d,]*\.?\d+$/;

function sortBy(table: HTMLTableElement, column: number, ascending: boolean): void {
  const body = table.tBodies[0];
  if (!body) return;
  const rows = [...body.rows];
  const key = (row: HTMLTableRowElement) => row.cells[column]?.textContent?.trim() ?? '';
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1; // empty cells last, either way
    const order = NUMBER.test(x) && NUMBER.test(y) ? Number(x.replace(/,/g, '')) - Number(y.replace(/,/g, '')) : collator.compare(x, y);
    return ascending ? order : -order;
  });
  body.append(...rows);
}

for (const table of document.querySelectorAll<HTMLTableElement>('.base-table table')) {
  const heads = [...(table.tHead?.rows[0]?.cells ?? [])];
  heads.forEach((th, column) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'base-sort';
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      for (const other of heads) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      sortBy(table, column, ascending);
    });
  });
}

export {};
