// The query view's markup, declared once (src/core/views/queryViewTree.ts): the HTML the tag and project pages
// carry, pinned row by row, its escaping, and the rows the island builds from the same tree.
import { describe, expect, it } from 'vitest';
import type { ArtifactView, HitView, IdeaView, QueryView } from '../../src/core/views/queryView.ts';
import { queryViewTree } from '../../src/core/views/queryViewTree.ts';
import { renderViewHtml } from '../../src/core/views/renderViewHtml.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { el, literal, type ViewNode } from '../../src/core/views/viewNode.ts';

const paths = createSitePaths('/');

const view = (over: Partial<QueryView>): QueryView => ({
  notices: [],
  summary: '',
  groups: [],
  total: 0,
  shown: 0,
  emptyNotes: [],
  knownTags: undefined,
  artifacts: [],
  ideaGroups: [],
  notes: [],
  usage: undefined,
  ...over,
});
const hit = (over: Partial<HitView>): HitView => ({
  n: 1,
  path: 'a.md',
  slug: 'a',
  title: 'A',
  description: 'About a.',
  tags: ['api'],
  owner: undefined,
  hint: undefined,
  ...over,
});
const oneHit = (h: HitView): QueryView => view({ groups: [{ category: 'cross-project', heading: undefined, hits: [h] }], total: 1, shown: 1 });
const artifact = (over: Partial<ArtifactView>): ArtifactView => ({
  n: 2,
  path: 'repo/CODEMAP.md',
  project: 'pay',
  kind: 'CODEMAP',
  state: 'fresh',
  stale: false,
  age: undefined,
  ...over,
});
const idea = (over: Partial<IdeaView>): IdeaView => ({
  date: 'undated',
  type: 'docs',
  description: 'Write it.',
  stale: false,
  ageString: '',
  marker: '',
  age: undefined,
  ...over,
});
const AGE = { date: '2026-06-14', threshold: 7, remediation: 'still relevant?' };

/** The query-results wrapper around a view's body, with the spaces of the empty slots around it. */
const wrap = (body: string) => `<div class="query-results">${body}</div>`;
const NOTE =
  '<p class="muted small"> <code>/codemap</code> and <code>/stitch</code> are commands for your coding agent (aria-knowledge\'s slash commands), run in the project\'s repo.\n</p>';

describe.each<[string, QueryView, string]>([
  ['an empty view', view({}), wrap('         ')],
  [
    'a hit with a page, tags and a hint',
    oneHit(hit({ hint: 'dup webhooks', tags: ['api', 'ops'] })),
    wrap(
      '   <section aria-label="Results">  <ol class="results"> <li value="1"> <span class="n">1.</span> <a href="/notes/a/">A</a> — About a. <span class="muted"> [api, ops]</span> <span class="hint"> [hint: dup webhooks]</span> <div class="path">a.md</div> </li> </ol> </section>      ',
    ),
  ],
  [
    'a team-shared hit without a page, tags or hint',
    oneHit(hit({ slug: undefined, title: 'x.md', tags: [], owner: 'project: pay, scope: repo' })),
    wrap(
      '   <section aria-label="Results">  <ol class="results"> <li value="1"> <span class="n">1.</span> <span>x.md</span> — About a. <span class="muted"> [project: pay, scope: repo]</span>  <div class="path">a.md</div> </li> </ol> </section>      ',
    ),
  ],
  [
    'headed groups',
    view({
      summary: 'Found 2 files matching: [api] (OR)',
      groups: [
        { category: 'team-shared', heading: 'Team-shared (1 file)', hits: [hit({})] },
        { category: 'cross-project', heading: 'Cross-project (1 file)', hits: [hit({ n: 2, slug: 'b', title: 'B' })] },
      ],
      total: 2,
      shown: 2,
    }),
    wrap(
      '  <p class="summary"> <strong>Found 2 files matching: [api] (OR)</strong> </p> ' +
        '<section aria-label="Team-shared (1 file)"> <h2>Team-shared (1 file)</h2> <ol class="results"> <li value="1"> <span class="n">1.</span> <a href="/notes/a/">A</a> — About a. <span class="muted"> [api]</span>  <div class="path">a.md</div> </li> </ol> </section>' +
        '<section aria-label="Cross-project (1 file)"> <h2>Cross-project (1 file)</h2> <ol class="results"> <li value="2"> <span class="n">2.</span> <a href="/notes/b/">B</a> — About a. <span class="muted"> [api]</span>  <div class="path">a.md</div> </li> </ol> </section>      ',
    ),
  ],
  [
    'a stale artifact with an age and a missing one',
    view({
      artifacts: [
        artifact({
          state: '(123 days ago) [STALE — run /codemap update]',
          stale: true,
          age: { date: '2026-06-14', threshold: 14, remediation: 'run /codemap update' },
        }),
        artifact({ n: 3, kind: 'STITCH', path: 'repo/STITCH.md', state: '(not found — run /stitch create pay)' }),
      ],
    }),
    wrap(
      '      <section aria-label="Tracked artifacts"> <h2>Tracked artifacts (2)</h2> <ol class="results"> ' +
        '<li value="2" data-stale-row class="stale"> <span class="n">2.</span> <code>repo/CODEMAP.md</code> —  <span data-age="artifact" data-date="2026-06-14" data-threshold="14" data-remediation="run /codemap update"> (123 days ago) [STALE — run /codemap update] </span>  <span class="muted">[project: pay]</span> </li>' +
        '<li value="3" data-stale-row> <span class="n">3.</span> <code>repo/STITCH.md</code> —  <span> (not found — run /stitch create pay) </span>  <span class="muted">[project: pay]</span> </li>' +
        ` </ol> ${NOTE} </section>   `,
    ),
  ],
  [
    'ideas with an age and undated',
    view({
      ideaGroups: [
        {
          heading: 'Pending Ideas for pay (2)',
          ideas: [idea({ date: AGE.date, stale: true, ageString: '(123 days ago)', marker: ' [STALE — still relevant?]', age: AGE }), idea({})],
        },
      ],
    }),
    wrap(
      '       <section aria-label="Pending Ideas for pay (2)"> <h2>Pending Ideas for pay (2)</h2> <ul> ' +
        '<li data-stale-row class="stale"> 2026-06-14  <span data-age="age" data-date="2026-06-14" data-threshold="7" data-remediation="still relevant?"> (123 days ago) </span> \n— docs — Write it. <span class="stale-marker" data-age="marker" data-date="2026-06-14" data-threshold="7" data-remediation="still relevant?">  [STALE — still relevant?] </span> </li>' +
        '<li data-stale-row> undated  <span>  </span> \n— docs — Write it. <span class="stale-marker">  </span> </li>' +
        ' </ul> </section>  ',
    ),
  ],
  [
    'known tags with no, one and three aliases',
    view({
      summary: 'No files match tag(s): [x]',
      knownTags: [
        { tag: 'api', aliases: [] },
        { tag: 'database', aliases: ['db'] },
        { tag: 'kubernetes', aliases: ['k8s', 'kube', 'k'] },
      ],
    }),
    wrap(
      '  <p class="summary"> <strong>No files match tag(s): [x]</strong> </p>   <p>\nKnown tags:\n' +
        '<span>   <a href="/tags/api/">api</a>  </span><span> ,  <a href="/tags/database/">database</a>  (db) </span><span> ,  <a href="/tags/kubernetes/">kubernetes</a>  (k8s, kube …) </span>' +
        ' </p>    ',
    ),
  ],
  [
    'notices, empty projects and notes',
    view({
      notices: ['Resolved `rn` → `react-native`', 'Expanded `pay` to include: api'],
      emptyNotes: ['(No files yet in projects/ops/ — folder is configured but empty.)'],
      notes: ['Legacy backlog.'],
    }),
    wrap(
      ' <p class="notice">Resolved `rn` → `react-native`</p><p class="notice">Expanded `pay` to include: api</p>   <p class="notice">(No files yet in projects/ops/ — folder is configured but empty.)</p>    <p class="notice">Legacy backlog.</p> ',
    ),
  ],
  [
    'hostile text from notes, tags and the query',
    view({
      notices: ['Resolved `<script>` → `&amp;`'],
      summary: 'No files match tag(s): [<img src=x onerror=alert(1)>]',
      groups: [
        {
          category: 'cross-project',
          heading: 'Cross "project" <b>&',
          hits: [
            hit({
              title: '<script>alert("t")</script>',
              description: 'it\'s "quoted" & <b>bold</b>',
              path: 'a"b&c<d>.md',
              hint: '</span><script>',
              tags: ['<i>'],
            }),
          ],
        },
      ],
      total: 1,
      shown: 1,
    }),
    wrap(
      ' <p class="notice">Resolved `&lt;script&gt;` → `&amp;amp;`</p> <p class="summary"> <strong>No files match tag(s): [&lt;img src=x onerror=alert(1)&gt;]</strong> </p> ' +
        '<section aria-label="Cross &#34;project&#34; &lt;b&gt;&#38;"> <h2>Cross &quot;project&quot; &lt;b&gt;&amp;</h2> <ol class="results"> <li value="1"> <span class="n">1.</span> <a href="/notes/a/">&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</a> — it&#39;s &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt; <span class="muted"> [&lt;i&gt;]</span> <span class="hint"> [hint: &lt;/span&gt;&lt;script&gt;]</span> <div class="path">a&quot;b&amp;c&lt;d&gt;.md</div> </li> </ol> </section>      ',
    ),
  ],
])('%s, prerendered', (_name, v, html) => {
  it('serialises to the page markup', () => expect(renderViewHtml(queryViewTree(v, paths, { interactive: false }))).toBe(html));
});

describe('the island form', () => {
  const hostile = hit({ title: '<b>"T"</b> & co', path: 'p"&<>.md' });
  const v = view({ groups: [{ category: 'cross-project', heading: undefined, hits: [hostile, hit({ n: 2, slug: undefined })] }], total: 5, shown: 2 });
  const html = renderViewHtml(queryViewTree(v, paths, { interactive: true }));
  it.each([
    [
      'a checkbox per hit, its label escaped as an attribute',
      '<input type="checkbox" class="pick" data-path="p&#34;&#38;&lt;&gt;.md" aria-label="Select 1. &lt;b&gt;&#34;T&#34;&lt;/b&gt; &#38; co"> ',
    ],
    ['data-n on the row', '<li value="1" data-n="1"> <input'],
    ['hit-link on a page link', '<a href="/notes/a/" class="hit-link">&lt;b&gt;&quot;T&quot;&lt;/b&gt; &amp; co</a>'],
    ['no link class without a page', '<span class="n">2.</span> <span>A</span>'],
    ['the other results behind a button', '<p class="actions"><button type="button" class="secondary" data-show-more>Show the other 3 results</button></p>'],
  ])('%s', (_name, fragment) => expect(html).toContain(fragment));
  it('shows the usage line', () =>
    expect(renderViewHtml(queryViewTree(view({ usage: 'Usage: kb query <tags>' }), paths, { interactive: true }))).toContain(
      '<p class="notice">Usage: kb query &lt;tags&gt;</p>',
    ));
  it('has no live-age inputs (its ages already use the reader’s date)', () => {
    const ideas = view({
      artifacts: [artifact({ age: AGE })],
      ideaGroups: [{ heading: 'Pending Ideas for pay (1)', ideas: [idea({ date: AGE.date, age: AGE })] }],
    });
    expect(renderViewHtml(queryViewTree(ideas, paths, { interactive: true }))).not.toMatch(/data-age|data-stale-row/);
  });
});

/** A tree without what only one form has: the island's checkboxes, row numbers, link class and button; the page's age inputs. */
function common(node: ViewNode): ViewNode | undefined {
  if (typeof node === 'string' || 'literal' in node) return node;
  if (node.tag === 'input' || (node.tag === 'p' && node.attrs['class'] === 'actions')) return undefined;
  const attrs = Object.fromEntries(
    Object.entries(node.attrs).filter(
      ([k, v]) => !/^data-(n|age|date|threshold|remediation|stale-row)$/.test(k) && v !== false && v !== undefined && !(k === 'class' && v === 'hit-link'),
    ),
  );
  const children: ViewNode[] = [];
  node.children.forEach((c, i) => {
    const kept = common(c);
    // A dropped checkbox takes its trailing space with it.
    const afterDropped = c === ' ' && i > 0 && common(node.children[i - 1]!) === undefined;
    if (kept !== undefined && !afterDropped) children.push(kept);
  });
  return el(node.tag, attrs, ...children);
}

describe('both forms', () => {
  const v = view({
    notices: ['Expanded `pay` to include: api'],
    summary: 'Found 2 files matching: [pay, api] (OR)',
    groups: [{ category: 'cross-project', heading: undefined, hits: [hit({ hint: 'h' }), hit({ n: 2, slug: undefined, title: 'B' })] }],
    total: 2,
    shown: 2,
    artifacts: [artifact({ stale: true, age: AGE })],
    ideaGroups: [{ heading: 'Pending Ideas for pay (1)', ideas: [idea({ date: AGE.date, age: AGE, ageString: '(1 day ago)' })] }],
  });
  it('share the same rows, words and links', () =>
    expect(common(queryViewTree(v, paths, { interactive: true }))).toEqual(common(queryViewTree(v, paths, { interactive: false }))));
  it('a literal keeps its quotes, as the template wrote them', () =>
    expect(renderViewHtml(el('p', {}, literal(`it's "x" & <y>`)))).toBe('<p>it\'s "x" &amp; &lt;y&gt;</p>'));
});
