// JSON Canvas 1.0 (docs/graph-canvas-bases.md): what a `.canvas` file reads as, and that a bad file or entry is a
// warning naming the file (and line), never an exception; the view's geometry, links and picture.
import { describe, expect, it } from 'vitest';
import { parseCanvas } from '../../src/core/canvas/parseCanvas.js';
import { canvasLinks, canvasView, CANVAS_PADDING } from '../../src/core/canvas/canvasView.js';
import { renderCanvasSvg } from '../../src/core/canvas/renderCanvasSvg.js';

const FILE = 'boards/plan.canvas';
const node = (over: Record<string, unknown>) => ({ id: 'a', type: 'text', text: 'Hello', x: 0, y: 0, width: 200, height: 100, ...over });
const canvasText = (nodes: unknown[], edges: unknown[] = []) => JSON.stringify({ nodes, edges }, null, 2);

describe.each([
  ['an empty file is an empty canvas', '', 0, 0, []],
  [
    'nodes of every type',
    canvasText([
      node({}),
      node({ id: 'f', type: 'file', file: 'notes/a.md', text: undefined }),
      node({ id: 'l', type: 'link', url: 'https://example.com', text: undefined }),
      node({ id: 'g', type: 'group', label: 'G', text: undefined }),
    ]),
    4,
    0,
    [],
  ],
  ['an edge between two nodes', canvasText([node({}), node({ id: 'b' })], [{ id: 'e', fromNode: 'a', toNode: 'b' }]), 2, 1, []],
  [
    'not JSON: one warning with the line, nothing shown',
    '{\n  "nodes": [\n    { "id": "a", }\n  ]\n}',
    -1,
    -1,
    [{ code: 'canvas-invalid', file: FILE, line: 3, message: expect.stringMatching(/^is not valid JSON \(.+\); the canvas is not shown\./) }],
  ],
  ['JSON but not a canvas', '[1, 2]', -1, -1, [{ line: 1, message: expect.stringContaining('is not a canvas') }]],
  [
    'a node without a size is left out, the rest kept',
    canvasText([node({}), node({ id: 'b', width: undefined })]),
    1,
    0,
    [{ line: 13, message: expect.stringMatching(/^node “b”: width: Required; this node is not shown\.$/) }],
  ],
  ['a node of an unknown type', canvasText([node({ id: 'x', type: 'sticker' })]), 0, 0, [{ message: expect.stringMatching(/^node “x”: type: /) }]],
  ['a node twice', canvasText([node({}), node({})]), 1, 0, [{ line: 13, message: 'node “a” appears twice; the second is not shown.' }]],
  [
    'an edge to a node that is not there',
    canvasText([node({})], [{ id: 'e', fromNode: 'a', toNode: 'zz' }]),
    1,
    0,
    [{ message: 'edge “e” connects node “zz”, which is not on the canvas; this edge is not shown.' }],
  ],
  ['an edge without an end', canvasText([node({})], [{ id: 'e', fromNode: 'a' }]), 1, 0, [{ message: expect.stringMatching(/^edge “e”: toNode: Required/) }]],
])('%s', (_rule, text, nodes, edges, issues) => {
  const parsed = parseCanvas(text, FILE);
  it('never throws, and warns as expected', () =>
    expect(parsed.issues).toEqual(issues.map((i) => expect.objectContaining({ severity: 'warning', file: FILE, ...i }))));
  it('keeps what it can', () => {
    if (nodes < 0) expect(parsed.canvas).toBeUndefined();
    else expect([parsed.canvas?.nodes.length, parsed.canvas?.edges.length]).toEqual([nodes, edges]);
  });
});

describe.each([
  ['a preset colour', '3', '3'],
  ['a hex colour', '#FF8800', '#FF8800'],
  ['a colour that is neither is dropped', 'red; background:url(x)', undefined],
])('colour: %s', (_rule, color, expected) => {
  it(String(color), () => expect(parseCanvas(canvasText([node({ color })]), FILE).canvas!.nodes[0]!.color).toBe(expected));
});

describe('edge ends and sides, as JSON Canvas defaults them', () => {
  const { canvas } = parseCanvas(canvasText([node({}), node({ id: 'b', x: 400 })], [{ id: 'e', fromNode: 'a', toNode: 'b', fromSide: 'diagonal' }]), FILE);
  it('toEnd arrow, fromEnd none, an unknown side ignored', () =>
    expect(canvas!.edges[0]).toMatchObject({ fromEnd: 'none', toEnd: 'arrow', fromSide: undefined }));
  const view = canvasView(canvas!);
  it('a side faces the other node when not given', () => expect(view.edges[0]!.path).toBe('M240 90 C340 90 340 90 440 90'));
  it('arrow at the end only', () => expect(view.edges[0]).toMatchObject({ toArrow: true, fromArrow: false, from: 'Hello', to: 'Hello' }));
});

describe('view', () => {
  const { canvas } = parseCanvas(
    canvasText([
      node({ id: 'g', type: 'group', label: 'Plan', x: -100, y: -50, width: 600, height: 400, text: undefined }),
      node({ id: 't', text: '# Goals\n\nShip [[notes/roadmap]] and [[missing]]', x: -80, y: 0 }),
      node({ id: 'f', type: 'file', file: 'notes/a.md', subpath: '#Why', x: 200, y: 0, text: undefined }),
      node({ id: 'c', type: 'file', file: 'boards/other.canvas', x: 200, y: 200, text: undefined }),
      node({ id: 'l', type: 'link', url: 'javascript:alert(1)', x: 0, y: 200, text: undefined }),
    ]),
    FILE,
  );
  const view = canvasView(canvas!);
  it('moves the top-left card to the padding', () => expect(view.nodes.find((n) => n.id === 'g')).toMatchObject({ x: CANVAS_PADDING, y: CANVAS_PADDING }));
  it('is as large as its cards plus padding', () => expect([view.width, view.height]).toEqual([600 + 2 * CANVAS_PADDING, 400 + 2 * CANVAS_PADDING]));
  it('lists cards in reading order, a group first', () => expect(view.nodes.map((n) => n.id)).toEqual(['g', 't', 'f', 'l', 'c']));
  it('a note card embeds the note (and its heading); a canvas card links it', () =>
    expect(view.nodes.filter((n) => n.kind === 'file').map((n) => n.markdown)).toEqual(['![[notes/a.md#Why]]', '[[boards/other.canvas]]']));
  it('a link card keeps only an http(s) URL', () => expect(view.nodes.find((n) => n.id === 'l')!.url).toBeUndefined());
  it('a text card is named by its first line', () => expect(view.nodes.find((n) => n.id === 't')!.label).toBe('Goals'));
  it('links: file cards and the wikilinks of text cards', () =>
    expect(canvasLinks(canvas!).sort()).toEqual(['boards/other.canvas', 'missing', 'notes/a.md', 'notes/roadmap']));
  it('the picture escapes every text', () => {
    const svg = renderCanvasSvg(canvasView(parseCanvas(canvasText([node({ text: '<script>alert(1)</script> & "x"' })]), FILE).canvas!), '<b>t</b>');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('aria-label="Canvas &lt;b&gt;t&lt;/b&gt;"');
  });
});
