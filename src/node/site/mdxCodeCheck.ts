// What JavaScript and HTML an `.mdx` note may hold before the build runs it. MDX is code: `{process.env.GITHUB_TOKEN}`
// in a note would publish a CI secret, an `import` runs any module, and `<script>` or `onError=` would run in readers'
// browsers. Unless the team trusts its authors (`--trust-html`), a note's expressions and `export const`s are kept to
// data: literals, the note's own constants, `frontmatter` and `props`, members of these, operators and JSX (no call,
// `new`, function, `import`, `import.meta`, `this`, assignment or other global), and its HTML elements to what the
// Markdown sanitiser allows (allowList.ts: no `<script>`, `<iframe>`, event handlers, `style=`, or link and source
// URLs other than http(s) and mailto). A note that holds more is shown as plain Markdown (which is sanitised), with a
// warning naming the line.
import type { Node } from 'unist';
import type { Plugin } from 'unified';
import { allowList } from '../../markdown/allowList.js';

/** A node of the ESTree programs MDX attaches to its ESM and expression nodes (`data.estree`). */
interface EsNode {
  type: string;
  [key: string]: unknown;
}

/** A note's code the build will not run, or HTML it will not publish: what (`a call`, `<script>`) and its body line. */
export class MdxCodeError extends Error {
  constructor(
    readonly what: string,
    readonly line: number,
    readonly kind: 'code' | 'html' = 'code',
  ) {
    super(kind === 'html' ? `uses HTML the build does not publish (${what}, line ${line})` : `uses JavaScript the build does not run (${what}, line ${line})`);
  }
}

/** HTML elements an MDX note may write: the Markdown sanitiser's. */
const TAGS = new Set(allowList.tagNames ?? []);
/** Attributes holding a URL a browser loads or follows. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'cite',
  'action',
  'formaction',
  'poster',
  'background',
  'longdesc',
  'data',
  'xlinkhref',
  'xlink:href',
  'ping',
  'manifest',
]);
/** Attributes never published: inline style and a frame's document. */
const REFUSED_ATTRIBUTES = new Set(['style', 'srcdoc']);

/** An HTML element's name and attributes (`value`: the literal string, `null` for none, `undefined` for an expression). */
function checkElement(tag: string, attributes: readonly { name: string | undefined; value: string | null | undefined }[], line: number): void {
  const refuse = (what: string): never => {
    throw new MdxCodeError(what, line, 'html');
  };
  if (!TAGS.has(tag)) refuse(`<${tag}>`);
  for (const { name, value } of attributes) {
    if (name === undefined) refuse(`a spread of attributes on <${tag}>`);
    const key = name!.toLowerCase().replace(/-/g, '');
    if (key.startsWith('on')) refuse(`an event handler, ${name}`);
    if (REFUSED_ATTRIBUTES.has(key)) refuse(`${name}=`);
    if (!URL_ATTRIBUTES.has(key)) continue;
    if (value === undefined) refuse(`${name}= from an expression`);
    const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value ?? '')?.[1]?.toLowerCase();
    if (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)) refuse(`a ${scheme}: URL`);
  }
}

/** An element of MDX's own syntax (`<img … />` in the text): an HTML element when its name starts lower case. */
function checkMdxElement(n: MdastNode): void {
  if (!n.name || !/^[a-z]/.test(n.name) || n.name.includes('.')) return;
  const attributes = (n.attributes ?? []).map((a) => ({
    name: a.type === 'mdxJsxAttribute' ? (a.name ?? '') : undefined,
    value: a.value === null || a.value === undefined ? null : typeof a.value === 'string' ? a.value : undefined,
  }));
  checkElement(n.name, attributes, n.position?.start.line ?? 1);
}

/** A JSX element inside an expression or a constant (`{on && <script>…</script>}`). */
function checkJsxElement(node: EsNode, line: number): void {
  const name = node['name'] as EsNode;
  if (name.type !== 'JSXIdentifier' || !/^[a-z]/.test(name['name'] as string)) return;
  const attributes = (node['attributes'] as EsNode[]).map((a) => {
    if (a.type !== 'JSXAttribute') return { name: undefined, value: undefined };
    const n = a['name'] as EsNode;
    const attrName = n.type === 'JSXNamespacedName' ? `${(n['namespace'] as EsNode)['name']}:${(n['name'] as EsNode)['name']}` : (n['name'] as string);
    const v = a['value'] as EsNode | null;
    return { name: attrName, value: v === null ? null : v.type === 'Literal' && typeof v['value'] === 'string' ? (v['value'] as string) : undefined };
  });
  checkElement(name['name'] as string, attributes, line);
}

/** Names an expression may read besides the note's own `export const`s. */
const READABLE = new Set(['frontmatter', 'props', 'undefined', 'NaN', 'Infinity']);

/** Expression nodes that only combine what their children give. */
const COMBINING = new Set([
  'Literal',
  'TemplateLiteral',
  'TemplateElement',
  'ArrayExpression',
  'ObjectExpression',
  'SpreadElement',
  'UnaryExpression',
  'BinaryExpression',
  'LogicalExpression',
  'ConditionalExpression',
  'SequenceExpression',
  'ParenthesizedExpression',
  'ChainExpression',
  'JSXElement',
  'JSXFragment',
  'JSXClosingElement',
  'JSXOpeningFragment',
  'JSXClosingFragment',
  'JSXText',
  'JSXExpressionContainer',
  'JSXEmptyExpression',
  'JSXSpreadAttribute',
  'JSXSpreadChild',
]);

/** What a forbidden node is called in the warning. */
const NAMED: Record<string, string> = {
  CallExpression: 'a call',
  NewExpression: '`new`',
  TaggedTemplateExpression: 'a tagged template',
  ImportExpression: '`import()`',
  ImportDeclaration: 'an `import`',
  MetaProperty: '`import.meta`',
  ThisExpression: '`this`',
  AssignmentExpression: 'an assignment',
  UpdateExpression: 'an assignment',
  FunctionExpression: 'a function',
  ArrowFunctionExpression: 'a function',
  FunctionDeclaration: 'a function',
  ClassExpression: 'a class',
  ClassDeclaration: 'a class',
  AwaitExpression: '`await`',
  YieldExpression: '`yield`',
  ExportDefaultDeclaration: '`export default`',
  ExportAllDeclaration: '`export *`',
};

/** The remark plugin `compileVerdict` runs: throws MdxCodeError at the first construct outside the data subset. */
export const mdxCodeCheck: Plugin<[], Node> = () => (root) => {
  const tree = root as MdastNode;
  const nodes: MdastNode[] = [];
  const collect = (n: MdastNode) => {
    if (n.type.startsWith('mdx') || n.type === 'link' || n.type === 'image' || n.type === 'definition') nodes.push(n);
    for (const c of n.children ?? []) collect(c);
  };
  collect(tree);
  const own = new Set<string>();
  for (const n of nodes) if (n.type === 'mdxjsEsm') for (const name of exportedConstants(n)) own.add(name);
  // Every node is checked, and the first problem in the note (by line) is the one reported.
  let first: MdxCodeError | undefined;
  for (const n of nodes) {
    const line = n.position?.start.line ?? 1;
    try {
      if (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') checkMdxElement(n);
      // A Markdown link or image becomes an element as written: MDX does not sanitise its URL (`[x](javascript:…)`).
      else if (typeof n.url === 'string') checkElement(n.type === 'image' ? 'img' : 'a', [{ name: n.type === 'image' ? 'src' : 'href', value: n.url }], line);
      for (const program of programsOf(n)) checkNode(program, own, line);
    } catch (err) {
      if (!(err instanceof MdxCodeError)) throw err;
      if (!first || err.line < first.line) first = err;
    }
  }
  if (first) throw first;
};

interface MdastNode {
  type: string;
  name?: string | null;
  url?: string;
  children?: MdastNode[];
  position?: { start: { line: number } } | undefined;
  data?: { estree?: EsNode };
  attributes?: { type: string; name?: string; value?: unknown; data?: { estree?: EsNode } }[];
}

/** The ESTree programs of an MDX node: its own (ESM, expressions), and its JSX attributes' (`{...x}`, `a={x}`). */
function programsOf(n: MdastNode): EsNode[] {
  const out: EsNode[] = [];
  if (n.data?.estree) out.push(n.data.estree);
  for (const a of n.attributes ?? []) {
    if (a.data?.estree) out.push(a.data.estree);
    const v = a.value as { data?: { estree?: EsNode } } | null | undefined;
    if (v && typeof v === 'object' && v.data?.estree) out.push(v.data.estree);
  }
  return out;
}

/** `export const a = …, b = …`: the names it declares. */
function exportedConstants(n: MdastNode): string[] {
  const body = (n.data?.estree?.['body'] as EsNode[] | undefined) ?? [];
  return body.flatMap((s) => {
    const decl = s.type === 'ExportNamedDeclaration' ? (s['declaration'] as EsNode | null) : null;
    if (decl?.type !== 'VariableDeclaration') return [];
    return (decl['declarations'] as EsNode[]).flatMap((d) => {
      const id = d['id'] as EsNode;
      return id.type === 'Identifier' ? [id['name'] as string] : [];
    });
  });
}

function lineOf(node: EsNode, fallback: number): number {
  const loc = node['loc'] as { start?: { line?: number } } | undefined;
  return loc?.start?.line ?? fallback;
}

function checkNode(node: EsNode, own: ReadonlySet<string>, line: number): void {
  const at = lineOf(node, line);
  const refuse = (what: string): never => {
    throw new MdxCodeError(what, at);
  };
  switch (node.type) {
    case 'Program':
      for (const s of node['body'] as EsNode[]) checkNode(s, own, line);
      return;
    case 'ExpressionStatement':
      return checkNode(node['expression'] as EsNode, own, line);
    case 'ExportNamedDeclaration': {
      if (node['source'] || !node['declaration']) return refuse('a re-export');
      return checkNode(node['declaration'] as EsNode, own, line);
    }
    case 'VariableDeclaration':
      for (const d of node['declarations'] as EsNode[]) {
        if ((d['id'] as EsNode).type !== 'Identifier') refuse('a destructuring');
        if (d['init']) checkNode(d['init'] as EsNode, own, line);
      }
      return;
    case 'Identifier': {
      const name = node['name'] as string;
      if (!own.has(name) && !READABLE.has(name)) refuse(`\`${name}\``);
      return;
    }
    case 'MemberExpression':
      checkNode(node['object'] as EsNode, own, line);
      if (node['computed']) checkNode(node['property'] as EsNode, own, line);
      return;
    case 'Property':
      if (node['kind'] !== 'init' || node['method']) refuse('a getter, setter or method');
      if (node['computed']) checkNode(node['key'] as EsNode, own, line);
      return checkNode(node['value'] as EsNode, own, line);
    case 'JSXAttribute':
      if (node['value']) checkNode(node['value'] as EsNode, own, line);
      return;
    case 'JSXOpeningElement':
      checkJsxElement(node, at);
      for (const a of node['attributes'] as EsNode[]) checkNode(a, own, line);
      return;
    case 'JSXIdentifier':
    case 'JSXMemberExpression':
    case 'JSXNamespacedName':
      return; // a component's name: MDX looks it up among the components it is given
    default:
      if (!COMBINING.has(node.type)) refuse(NAMED[node.type] ?? `\`${node.type}\``);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'loc' || key === 'range' || key === 'position') continue;
        for (const child of Array.isArray(value) ? value : [value])
          if (child && typeof child === 'object' && typeof (child as EsNode).type === 'string') checkNode(child as EsNode, own, line);
      }
  }
}
