// What JavaScript an `.mdx` note may hold before the build runs it. MDX is code: `{process.env.GITHUB_TOKEN}` in a note
// would publish a CI secret, and an `import` runs any module. Unless the team trusts its authors (`--trust-html`), a
// note's expressions and `export const`s are kept to data: literals, the note's own constants, `frontmatter` and
// `props`, members of these, operators and JSX. No call, `new`, function, `import`, `import.meta`, `this`,
// assignment or other global. A note that holds more is shown as plain Markdown, with a warning naming the line.
import type { Node } from 'unist';
import type { Plugin } from 'unified';

/** A node of the ESTree programs MDX attaches to its ESM and expression nodes (`data.estree`). */
interface EsNode {
  type: string;
  [key: string]: unknown;
}

/** A note's code the build will not run: what (`a call`, `process`) and the body line it is on. */
export class MdxCodeError extends Error {
  constructor(
    readonly what: string,
    readonly line: number,
  ) {
    super(`uses JavaScript the build does not run (${what}, line ${line})`);
  }
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
  'JSXOpeningElement',
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
    if (n.type.startsWith('mdx')) nodes.push(n);
    for (const c of n.children ?? []) collect(c);
  };
  collect(tree);
  const own = new Set<string>();
  for (const n of nodes) if (n.type === 'mdxjsEsm') for (const name of exportedConstants(n)) own.add(name);
  for (const n of nodes) {
    const line = n.position?.start.line ?? 1;
    for (const program of programsOf(n)) checkNode(program, own, line);
  }
};

interface MdastNode {
  type: string;
  children?: MdastNode[];
  position?: { start: { line: number } } | undefined;
  data?: { estree?: EsNode };
  attributes?: { type: string; value?: unknown; data?: { estree?: EsNode } }[];
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
