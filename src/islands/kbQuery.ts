// <kb-query>: the query island. It loads the emitted index and runs the very core modules the CLI runs
// (runQuery / runSearch, and buildContextPack for packs), so results, numbering and packs match
// `kb query`, `kb search` and `kb context`. The URL follows the query (?q=), so every query is a bookmark
// and Back works. The first answer waits only for the compact query index and the note cards of the rows
// it shows; the other cards follow at idle time, so later queries answer from memory. Pack data and the
// tokenizer are loaded only when a pack is built, and of the pack data only the parts the pack needs.
import type { KbIndex, NoteEntry } from '../core/index/kbIndexSchema.ts';
import type { ContextPack, PackRequest } from '../core/context/packTypes.ts';
import { runQuery } from '../core/query/runQuery.ts';
import { parseSearchArgs } from '../core/search/parseSearchArgs.ts';
import { buildQueryView } from '../core/views/queryView.ts';
import { bodiesFromSpans } from '../core/outputs/bodySpans.ts';
import { createSitePaths, type SitePaths } from '../core/site/sitePaths.ts';
import { packFileName } from '../core/site/packFiles.ts';
import { browserPack, fetchSiteJson, fetchText, saveFile } from './browserPack.ts';
import { cardAt, fromQueryIndex, positionsOf, SHARD_SIZE, shardsFor, type NoteCard } from '../core/views/queryIndex.ts';
import { localDay } from './ages.ts';
import { h, renderQueryView, renderSearchResult, type SelectableHit } from './renderQueryView.ts';
import { ages } from '../core/i18n/en/agesStrings.ts';
import { packIsland } from '../core/i18n/en/packStrings.ts';
import { queryIsland } from '../core/i18n/en/queryStrings.ts';
import { queryView } from '../core/i18n/en/queryViewStrings.ts';
import { islandI18n } from './islandI18n.ts';
import { packStatus } from './packStatus.ts';

/** Rows shown (and cards fetched) before the reader asks for the rest. */
const FIRST_ROWS = 50;
/** Card shards fetched side by side by the idle-time prefetch. */
const PREFETCH_LANES = 2;

class KbQuery extends HTMLElement {
  private paths!: SitePaths;
  private readonly i18n = islandI18n(['queryIsland', 'queryView', 'ages', 'packIsland'], { ...queryIsland, ...queryView, ...ages, ...packIsland });
  /** The compact index tag queries run on (kb-query-index.json); its note paths are sort keys. */
  private queryIndex: KbIndex | undefined;
  /** Position of a note by the sort key runQuery reports as its path. */
  private position = new Map<string, number>();
  /** Card shards (real path, slug, title, description) as they arrive, and the fetches under way. */
  private shards = new Map<number, NoteCard[]>();
  private fetching = new Map<number, Promise<void>>();
  private cardByPath = new Map<string, NoteCard>();
  /** Settles once every card shard is loaded (the idle-time prefetch after the first answer). */
  private allCards: Promise<void> | undefined;
  /** Positions of every hit of the current tag query, shown or not (for "download all"). */
  private resultPositions: number[] = [];
  /** The query whose full list the reader asked for. */
  private showAllFor: string | undefined;
  /** The full index, for search and packs (kb-index.json). */
  private index: KbIndex | undefined;
  private bodies: Promise<Map<string, string>> | undefined;
  private byPath = new Map<string, NoteEntry>();
  private hits: SelectableHit[] = [];
  private pack: ContextPack | undefined;
  private editing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private get input() {
    return this.querySelector<HTMLInputElement>('input[name="q"]')!;
  }
  private get out() {
    return this.querySelector<HTMLElement>('[data-results]')!;
  }
  private get status() {
    return this.querySelector<HTMLElement>('[data-status]')!;
  }

  connectedCallback(): void {
    this.paths = createSitePaths(this.dataset['root'] ?? '/');
    this.querySelector('[data-nojs]')?.remove();
    const form = this.querySelector('form')!;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.commit();
    });
    this.input.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.follow(), 150);
    });
    this.addEventListener('keydown', (e) => this.onKey(e));
    window.addEventListener('popstate', () => {
      this.input.value = new URLSearchParams(location.search).get('q') ?? '';
      this.editing = false;
      void this.run();
    });
    this.querySelector('[data-pick-all]')?.addEventListener('change', (e) => {
      const on = (e.target as HTMLInputElement).checked;
      for (const box of this.out.querySelectorAll<HTMLInputElement>('input.pick')) box.checked = on;
    });
    this.querySelector('[data-load-selected]')?.addEventListener('click', () => void this.loadSelected());
    this.querySelector('[data-pack-form]')?.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.buildPack();
    });
    this.querySelector('[data-download-md]')?.addEventListener('click', () => this.download('md'));
    this.querySelector('[data-download-json]')?.addEventListener('click', () => this.download('json'));
    this.querySelector('[data-copy]')?.addEventListener('click', () => void this.copy());
    this.input.value = new URLSearchParams(location.search).get('q') ?? this.input.value;
    void this.run();
  }

  /** Typing: the first change after a committed query opens a new history entry, later ones replace it. */
  private follow(): void {
    this.setUrl(!this.editing);
    this.editing = true;
    void this.run();
  }

  private commit(): void {
    clearTimeout(this.timer);
    const current = new URLSearchParams(location.search).get('q') ?? '';
    if (current !== this.input.value.trim()) this.setUrl(!this.editing);
    this.editing = false;
    void this.run();
  }

  private setUrl(push: boolean): void {
    const q = this.input.value.trim();
    const url = q ? this.paths.query(q) : this.paths.query();
    if (push) history.pushState({ q }, '', url);
    else history.replaceState({ q }, '', url);
  }

  private async loadQueryIndex(): Promise<KbIndex> {
    if (!this.queryIndex) {
      this.queryIndex = fromQueryIndex(await fetchSiteJson(this.paths, 'queryIndex'));
      this.position = positionsOf(this.queryIndex);
    }
    return this.queryIndex;
  }

  /** Fetch the card shards of the notes at the given positions, once each. */
  private async loadCards(positions: Iterable<number>): Promise<void> {
    await Promise.all(
      shardsFor(positions).map((shard) => {
        if (this.shards.has(shard)) return undefined;
        if (!this.fetching.has(shard))
          this.fetching.set(
            shard,
            fetchSiteJson(this.paths, 'noteCards', shard).then(
              (cards) => {
                this.shards.set(shard, cards);
                for (const card of cards) this.cardByPath.set(card[0], card);
              },
              (err: unknown) => {
                // Forget the failure, so the next query that needs the shard asks again (fetchSiteJson forgets it too).
                this.fetching.delete(shard);
                throw err;
              },
            ),
          );
        return this.fetching.get(shard);
      }),
    );
  }

  /**
   * After the first answer, fetch the remaining card shards while the reader reads or types, a few at a time,
   * so later queries answer from memory instead of waiting on the network. A query that needs a shard not
   * fetched yet starts it at once (loadCards), ahead of this queue.
   */
  private prefetchCards(): Promise<void> {
    this.allCards ??= new Promise<void>((done) => {
      const idle = 'requestIdleCallback' in window ? (fn: () => void) => requestIdleCallback(fn) : (fn: () => void) => setTimeout(fn, 200);
      idle(() => {
        const lanes = this.loadQueryIndex().then((index) => {
          const queue = Array.from({ length: Math.ceil(index.notes.length / SHARD_SIZE) }, (_, shard) => shard);
          const lane = async (): Promise<void> => {
            // A shard that fails is left to the next query that needs it (loadCards forgets the failure).
            for (let shard = queue.shift(); shard !== undefined; shard = queue.shift()) await this.loadCards([shard * SHARD_SIZE]).catch(() => undefined);
          };
          return Promise.all(Array.from({ length: PREFETCH_LANES }, lane));
        });
        void lanes.catch(() => undefined).then(() => done());
      });
    });
    return this.allCards;
  }

  /** Settles when the prefetch has run: every card shard is in memory unless one failed (the benchmark times queries after it). */
  whenCardsLoaded(): Promise<void> {
    return this.prefetchCards();
  }

  /** A hit of the compact index (by sort key) as the view shows it: real path, page, title, description. */
  private cardOf(key: string): { path: string; slug: string; title: string; description: string } | undefined {
    const card = cardAt(this.shards, this.position.get(key) ?? -1);
    return card && { path: card[0], slug: card[1], title: card[2], description: card[3] };
  }

  /** A note's page slug by its real path, from a loaded card or the full index. */
  private slugAt(path: string): string | undefined {
    return this.cardByPath.get(path)?.[1] ?? this.byPath.get(path)?.slug;
  }

  private async loadIndex(): Promise<KbIndex> {
    if (!this.index) {
      this.index = await fetchSiteJson(this.paths, 'index');
      for (const n of this.index.notes) this.byPath.set(n.path, n);
    }
    return this.index;
  }

  /** The bodies kb search reads, from the full-text files (kb-body-spans.json says where each is). */
  private loadBodies(): Promise<Map<string, string>> {
    this.bodies ??= fetchSiteJson(this.paths, 'bodySpans')
      .then((spans) => bodiesFromSpans(spans, (f) => fetchText(this.paths.file(f))))
      .catch((err: unknown) => ((this.bodies = undefined), Promise.reject(err)));
    return this.bodies;
  }

  private async run(): Promise<void> {
    const q = this.input.value.trim();
    const builder = this.querySelector<HTMLElement>('[data-builder]');
    if (!q) {
      this.out.replaceChildren();
      this.status.textContent = '';
      this.hits = [];
      if (builder) builder.hidden = true;
      return;
    }
    try {
      const args = q.split(/\s+/);
      let rendered: { root: HTMLElement; hits: SelectableHit[]; total?: number };
      if (args.some((a) => a.startsWith('--'))) {
        const index = await this.loadIndex();
        const parsed = parseSearchArgs(args);
        if (!parsed.ok) rendered = { root: h('p', { class: 'notice' }, parsed.usage), hits: [] };
        else {
          const [{ runSearch }, { withTextLanguages }, bodies] = await Promise.all([
            import('../core/search/runSearch.ts'),
            import('../core/text/textLanguages.ts'),
            this.loadBodies(),
          ]);
          // A search by words loads the stemmers of the notes' languages it reads, and no others.
          const result = await withTextLanguages(() => runSearch(index, parsed.request, bodies));
          rendered = renderSearchResult(result, this.paths, (p) => this.byPath.get(p)?.slug, this.i18n);
          this.resultPositions = [];
        }
      } else {
        const index = await this.loadQueryIndex();
        const today = localDay(new Date());
        // Match first, then fetch the cards of the rows shown: matching never reads paths, titles or descriptions.
        const result = runQuery(index, q, { today });
        const limit = this.showAllFor === q ? Infinity : FIRST_ROWS;
        const positions = result.results.map((x) => this.position.get(x.path) ?? -1);
        await this.loadCards(positions.slice(0, limit));
        if (q !== this.input.value.trim()) return;
        this.resultPositions = positions;
        const view = buildQueryView(result, index, (p) => this.cardOf(p), today, limit, this.i18n);
        rendered = { ...renderQueryView(view, this.paths, this.i18n), total: view.total };
        rendered.root.querySelector('[data-show-more]')?.addEventListener('click', () => void this.showAll(q, view.shown + 1));
        this.prefillPack(index, q);
      }
      if (q !== this.input.value.trim()) return; // a newer query is on its way
      this.hits = rendered.hits;
      this.out.replaceChildren(rendered.root);
      const total = rendered.total ?? this.hits.length;
      this.status.textContent = this.i18n.t('query.results', { count: total });
      if (builder) builder.hidden = false;
      // Nothing to select or download without a result (the pack form still builds a pack from the task).
      const picks = this.querySelector<HTMLElement>('[data-pick-actions]');
      if (picks) picks.hidden = this.hits.length === 0;
      if (this.queryIndex) void this.prefetchCards();
    } catch (err) {
      this.status.textContent = this.i18n.t('query.indexFailed', { error: (err as Error).message });
    }
  }

  /** "Show the other N results": the full list of the same query, focus on the first row that was hidden. */
  private async showAll(q: string, firstHidden: number): Promise<void> {
    this.showAllFor = q;
    await this.run();
    this.out.querySelector<HTMLElement>(`li[data-n="${firstHidden}"] a.hit-link, li[data-n="${firstHidden}"] input.pick`)?.focus();
  }

  /** The pack form starts from the query: its words as the task, a project key as the project. */
  private prefillPack(index: KbIndex, q: string): void {
    const task = this.querySelector<HTMLTextAreaElement>('[name="task"]');
    if (task && !task.dataset['touched']) task.value = q;
    task?.addEventListener('input', () => (task.dataset['touched'] = '1'), { once: true });
    const project = this.querySelector<HTMLSelectElement>('[name="project"]');
    const key = q.split(/\s+/).find((t) => index.projects.some((p) => p.key === t.toLowerCase()));
    if (project && key && !project.dataset['touched']) project.value = key.toLowerCase();
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const target = e.target as HTMLElement;
    const links = [...this.out.querySelectorAll<HTMLAnchorElement>('a.hit-link')];
    if (!links.length) return;
    const at = links.indexOf(target as HTMLAnchorElement);
    if (target === this.input && e.key === 'ArrowDown') links[0]!.focus();
    else if (at >= 0 && e.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]!.focus();
    else if (at > 0 && e.key === 'ArrowUp') links[at - 1]!.focus();
    else if (at === 0 && e.key === 'ArrowUp') this.input.focus();
    else return;
    e.preventDefault();
  }

  private selectedPaths(): string[] {
    return [...this.out.querySelectorAll<HTMLInputElement>('input.pick:checked')].map((b) => b.dataset['path']!);
  }

  /** What `kb query --load` prints: the full text of the selected notes (or all, when none are ticked) in one file. */
  private async loadSelected(): Promise<void> {
    const picked = this.selectedPaths();
    let paths = picked.length ? picked : this.hits.map((x) => x.path);
    if (!picked.length && this.resultPositions.length > this.hits.length) {
      // Nothing ticked means every result, also the rows not shown yet.
      await this.loadCards(this.resultPositions);
      paths = this.resultPositions.map((i) => cardAt(this.shards, i)?.[0]).filter((p): p is string => p !== undefined);
    }
    const notes = paths.map((p) => this.slugAt(p)).filter((slug): slug is string => !!slug);
    const texts = await Promise.all(notes.map((slug) => fetch(this.paths.noteMd(slug)).then((r) => r.text())));
    const md = texts.join('\n\n---\n\n');
    this.save(`${packFileName(this.input.value)}-notes.md`, md, 'text/markdown');
    this.status.textContent = this.i18n.t('query.loaded', { count: notes.length });
  }

  /** The pack the form asks for (packForm.ts), loaded with the pack's code, not with the page. */
  private async packRequest(): Promise<PackRequest> {
    const { packRequestFromForm } = await import('../core/context/packForm.ts');
    const data = new FormData(this.querySelector<HTMLFormElement>('[data-pack-form]')!);
    return packRequestFromForm((name) => data.getAll(name).map(String), this.input.value.trim(), localDay(new Date()));
  }

  private async buildPack(): Promise<void> {
    const out = this.querySelector<HTMLElement>('[data-pack-preview]')!;
    const count = this.querySelector<HTMLElement>('[data-pack-tokens]')!;
    count.textContent = this.i18n.t('pack.building');
    try {
      const built = await browserPack(this.paths, await this.packRequest());
      this.pack = built.pack;
      const unreadPaths = built.unreadPaths;
      out.textContent = this.pack.contextPackMarkdown;
      out.closest('kb-pack-view')?.dispatchEvent(new Event('kb-pack-updated'));
      const notes = unreadPaths.map((path) => this.i18n.t('query.notRegistered', { path }));
      count.replaceChildren(...packStatus(this.pack, this.i18n, notes));
      for (const b of this.querySelectorAll<HTMLButtonElement>('[data-pack-action]')) b.disabled = false;
    } catch (err) {
      count.textContent = this.i18n.t('pack.failed', { error: (err as Error).message });
    }
  }

  private download(ext: 'md' | 'json'): void {
    if (!this.pack) return;
    const name = `${packFileName(this.pack.task)}.${ext}`;
    if (ext === 'md') this.save(name, this.pack.contextPackMarkdown, 'text/markdown');
    else this.save(name, `${JSON.stringify(this.pack, null, 2)}\n`, 'application/json');
  }

  private save(name: string, text: string, type: string): void {
    saveFile(this, name, text, type);
  }

  private async copy(): Promise<void> {
    if (!this.pack) return;
    const status = this.querySelector<HTMLElement>('[data-pack-tokens]')!;
    try {
      await navigator.clipboard.writeText(this.pack.contextPackMarkdown);
      status.textContent = this.i18n.t('pack.copied', { count: this.pack.tokens });
    } catch {
      status.textContent = this.i18n.t('pack.copyRefused');
    }
  }
}

customElements.define('kb-query', KbQuery);
