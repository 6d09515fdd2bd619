// <kb-sidebar>: the notes sidebar. A page holds only its branch of the tree; the first time the reader opens a
// folder the page left empty (or asks for all of a long folder), the whole tree is fetched once (kb-sidebar.html,
// kept in sessionStorage for the rest of the visit) and replaces the branch, with the same folders open. On
// phones the header's Menu button opens it over the page; Escape or a link closes it.
const LINKS = 'a[href]';

class KbSidebar extends HTMLElement {
  private loading: Promise<string> | undefined;
  private full = false;

  connectedCallback(): void {
    const tree = this.querySelector<HTMLElement>('.sb-tree');
    if (!tree) return;
    this.addEventListener('toggle', (e) => this.onToggle(e), true); // <details> toggle does not bubble
    this.addEventListener('click', (e) => {
      const more = (e.target as Element).closest('[data-more]');
      if (more) void this.expand(more.closest('details')?.dataset['id']);
      else if ((e.target as Element).closest(LINKS)) this.close(false);
    });
    // Intent to browse: fetch the tree before the first click needs it.
    this.addEventListener('pointerenter', () => void this.fragment().catch(() => undefined), { once: true });
    this.setupMenu();
    this.revealCurrent();
  }

  private onToggle(e: Event): void {
    const details = e.target as HTMLDetailsElement;
    if (details.open && details.hasAttribute('data-lazy') && !this.full) void this.expand(details.dataset['id']);
  }

  /** Swap the branch for the whole tree, keeping what was open, and open `id`. */
  private async expand(id: string | undefined): Promise<void> {
    if (this.full) return;
    let html: string;
    try {
      html = await this.fragment();
    } catch {
      return; // offline or missing: the branch stays as it is
    }
    if (this.full) return;
    const tree = this.querySelector<HTMLElement>('.sb-tree')!;
    const open = new Set([...tree.querySelectorAll<HTMLDetailsElement>('details[open]')].map((d) => d.dataset['id']));
    if (id) open.add(id);
    const focused = (document.activeElement?.closest('details') as HTMLDetailsElement | null)?.dataset['id'];
    tree.innerHTML = html;
    this.full = true;
    for (const d of tree.querySelectorAll<HTMLDetailsElement>('details')) if (open.has(d.dataset['id'])) d.open = true;
    this.markCurrent(tree);
    if (focused) tree.querySelector<HTMLElement>(`details[data-id="${CSS.escape(focused)}"] > summary`)?.focus();
  }

  private fragment(): Promise<string> {
    const url = this.dataset['fragment'] ?? '';
    this.loading ??= (async () => {
      const key = `kb-sidebar:${url}`;
      try {
        const kept = sessionStorage.getItem(key);
        if (kept) return kept;
      } catch {
        // no storage: fetch it
      }
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const text = await response.text();
      try {
        sessionStorage.setItem(key, text);
      } catch {
        // too large for this browser's storage: fetched again on the next page
      }
      return text;
    })();
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** The current page's link in the whole tree: marked, its folders opened. */
  private markCurrent(tree: HTMLElement): void {
    const here = location.pathname;
    for (const a of tree.querySelectorAll<HTMLAnchorElement>(LINKS)) {
      if (new URL(a.href).pathname !== here) continue;
      a.setAttribute('aria-current', 'page');
      for (let d = a.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    }
  }

  /** Scroll the sidebar (not the page) so the current note shows. */
  private revealCurrent(): void {
    const current = this.querySelector<HTMLElement>('[aria-current="page"]');
    if (!current || this.scrollHeight <= this.clientHeight) return;
    this.scrollTop = Math.max(0, current.offsetTop - this.clientHeight / 3);
  }

  private setupMenu(): void {
    const button = document.querySelector<HTMLButtonElement>(`.menu-toggle[aria-controls="${this.id}"]`);
    if (!button) return;
    button.hidden = false;
    button.addEventListener('click', () => (this.hasAttribute('data-open') ? this.close(true) : this.open(button)));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.hasAttribute('data-open')) this.close(true);
    });
  }

  private open(button: HTMLButtonElement): void {
    this.setAttribute('data-open', '');
    button.setAttribute('aria-expanded', 'true');
    document.documentElement.classList.add('menu-open');
    this.revealCurrent();
    (this.querySelector<HTMLElement>('[aria-current="page"]') ?? this.querySelector<HTMLElement>(LINKS))?.focus();
  }

  private close(returnFocus: boolean): void {
    if (!this.hasAttribute('data-open')) return;
    this.removeAttribute('data-open');
    document.documentElement.classList.remove('menu-open');
    const button = document.querySelector<HTMLButtonElement>(`.menu-toggle[aria-controls="${this.id}"]`);
    button?.setAttribute('aria-expanded', 'false');
    if (returnFocus) button?.focus();
  }
}

customElements.define('kb-sidebar', KbSidebar);
