// Query blocks in a note (```kb-query / ```kb-search, rendered at build by renderQueryBlockHtml.ts): an "Edit"
// control turns the block's command into a field, and each edit runs the query again in the browser with the core
// the CLI runs (runQuery / runSearch over kb-index.json) and shows the same HTML the build wrote.
import type { KbIndex } from '../core/index/kbIndexSchema.ts';
import { answerQueryBlock } from '../core/query/queryBlock.ts';
import { withTextLanguages } from '../core/text/textLanguages.ts';
import { bodiesFromSpans } from '../core/outputs/bodySpans.ts';
import { renderQueryBlockResults } from '../core/views/renderQueryBlockHtml.ts';
import { createSitePaths } from '../core/site/sitePaths.ts';
import { localDay } from './ages.ts';
import { fetchSiteJson, fetchText } from './browserPack.ts';
import { ages } from '../core/i18n/en/agesStrings.ts';
import { noteIslands } from '../core/i18n/en/noteIslandsStrings.ts';
import { queryView } from '../core/i18n/en/queryViewStrings.ts';
import { islandI18n } from './islandI18n.ts';

const root = document.querySelector<HTMLMetaElement>('meta[name="kb-root"]')?.content ?? '/';
const paths = createSitePaths(root);
let index: Promise<KbIndex> | undefined;
let bodies: Promise<Map<string, string>> | undefined;
const i18n = islandI18n(['noteIslands', 'queryView', 'ages'], { ...noteIslands, ...queryView, ...ages });
const { t } = i18n;

function enhance(block: HTMLElement, k: number): void {
  const lang = block.dataset['lang'];
  const head = block.querySelector<HTMLElement>('.query-block-head');
  const results = block.querySelector<HTMLElement>('.query-block-results');
  if ((lang !== 'kb-query' && lang !== 'kb-search') || !head || !results) return;
  const command = lang === 'kb-query' ? 'kb query' : 'kb search';
  const id = `query-block-${k}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.className = 'query-block-label';
  label.textContent = command;
  const input = document.createElement('input');
  input.id = id;
  input.type = 'search';
  input.value = block.dataset['source'] ?? '';
  input.spellcheck = false;
  input.autocomplete = 'off';
  input.setAttribute('aria-describedby', `${id}-hint`);
  const hint = document.createElement('span');
  hint.id = `${id}-hint`;
  hint.className = 'muted small';
  hint.textContent = t('queryBlock.hint');
  head.replaceChildren(label, ' ', input, ' ', hint);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void again(++run), 200);
  });
  const again = async (mine: number) => {
    try {
      index ??= fetchSiteJson(paths, 'index');
      const kb = await index;
      const text =
        lang === 'kb-search'
          ? await (bodies ??= fetchSiteJson(paths, 'bodySpans').then((s) => bodiesFromSpans(s, (f) => fetchText(paths.file(f)))))
          : new Map<string, string>();
      const answer = await withTextLanguages(() => answerQueryBlock(lang, input.value, kb, text, localDay(new Date())));
      // Every value in this HTML is escaped by renderQueryBlockResults (the same function the build ran).
      if (answer && mine === run) results.innerHTML = renderQueryBlockResults(answer, kb, paths, localDay(new Date()), i18n);
    } catch (err) {
      if (mine === run) results.textContent = t('queryBlock.failed', { error: (err as Error).message, command });
    }
  };
}

document.querySelectorAll<HTMLElement>('.note-body div.query-block').forEach(enhance);
