// The value of an `.mdx` note's data, read without running the note: its `export const`s and `{expressions}` are
// evaluated here over their ESTree (MDX's `data.estree`), one node kind at a time. Only the subset mdxCodeCheck.ts lets
// through exists here (literals, templates, arrays, objects, spreads, operators, conditionals, members of the note's
// constants, `frontmatter` and `props`, JSX); anything else throws MdxDataError, and the note is shown as text. No
// note code is compiled or called: a member is read only when it is the value's own (no prototype, no getter), and
// every object built here has no prototype, so `__proto__` is a key like any other.
import { h } from 'hastscript';
import type { HastNode } from './markdownTree.js';

/** A node of the ESTree programs MDX attaches to its ESM and expression nodes. */
export interface EsNode {
  type: string;
  [key: string]: unknown;
}

/** What the note's data may not be read as (a node outside the data subset, an object shown as text). */
export class MdxDataError extends Error {}

/** JSX evaluated: the HTML nodes it stands for. */
export class MdxMarkup {
  constructor(readonly nodes: HastNode[]) {}
}

/** The names an expression reads: the note's constants, `frontmatter`, `props`. */
export type MdxScope = Map<string, unknown>;

/** A component the note may use (`<Callout>`): its HTML from its attributes and children. */
export type MdxComponent = (props: Record<string, unknown>, children: HastNode[]) => HastNode[];

export interface MdxDataOptions {
  scope: MdxScope;
  components: Readonly<Record<string, MdxComponent>>;
}

const fail = (what: string): never => {
  throw new MdxDataError(what);
};

/** A program of `export const`s (and plain `const`s): each name's value set in `scope`, in order. */
export function declareConstants(program: EsNode, options: MdxDataOptions): void {
  for (const statement of (program['body'] as EsNode[] | undefined) ?? []) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement['declaration'] as EsNode | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration') fail(`\`${statement.type}\``);
    for (const d of declaration!['declarations'] as EsNode[]) {
      const id = d['id'] as EsNode;
      if (id.type !== 'Identifier') fail('a destructuring');
      options.scope.set(id['name'] as string, d['init'] ? evaluate(d['init'] as EsNode, options) : undefined);
    }
  }
}

/** An expression program (`{…}` in the text): its value, undefined when it is empty (a comment). */
export function evaluateProgram(program: EsNode, options: MdxDataOptions): unknown {
  const body = (program['body'] as EsNode[] | undefined) ?? [];
  if (body.length === 0) return undefined;
  if (body.length > 1 || body[0]!.type !== 'ExpressionStatement') fail('a statement');
  return evaluate(body[0]!['expression'] as EsNode, options);
}

/** A value as the HTML nodes it shows: text for strings and numbers, nothing for booleans and empty values. */
export function markupOf(value: unknown): HastNode[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string') return value ? [{ type: 'text', value }] : [];
  if (typeof value === 'number' || typeof value === 'bigint') return [{ type: 'text', value: String(value) }];
  if (value instanceof Date) return [{ type: 'text', value: value.toISOString() }];
  if (value instanceof MdxMarkup) return value.nodes;
  if (Array.isArray(value)) return value.flatMap(markupOf);
  return fail('an object shown as text');
}

function evaluate(node: EsNode, options: MdxDataOptions): unknown {
  const of = (key: string) => evaluate(node[key] as EsNode, options);
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node['regex']) return fail('a regular expression');
      return node['value'];
    case 'Identifier': {
      const name = node['name'] as string;
      if (name === 'undefined') return undefined;
      if (name === 'NaN') return NaN;
      if (name === 'Infinity') return Infinity;
      if (!options.scope.has(name)) return fail(`\`${name}\``);
      return options.scope.get(name);
    }
    case 'TemplateLiteral': {
      const quasis = node['quasis'] as EsNode[];
      const expressions = node['expressions'] as EsNode[];
      let out = '';
      quasis.forEach((q, i) => {
        out += (q['value'] as { cooked: string | null }).cooked ?? '';
        if (i < expressions.length) out += asString(evaluate(expressions[i]!, options));
      });
      return out;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const element of node['elements'] as (EsNode | null)[]) {
        if (element === null) out.push(undefined);
        else if (element.type === 'SpreadElement') out.push(...spreadArray(evaluate(element['argument'] as EsNode, options)));
        else out.push(evaluate(element, options));
      }
      return out;
    }
    case 'ObjectExpression': {
      const out = Object.create(null) as Record<string, unknown>;
      for (const p of node['properties'] as EsNode[]) {
        if (p.type === 'SpreadElement') {
          for (const [k, v] of ownEntries(evaluate(p['argument'] as EsNode, options))) define(out, k, v);
          continue;
        }
        if (p['kind'] !== 'init' || p['method']) fail('a getter, setter or method');
        const key = p['key'] as EsNode;
        const name = p['computed'] ? asString(evaluate(key, options)) : key.type === 'Identifier' ? (key['name'] as string) : String(key['value']);
        define(out, name, evaluate(p['value'] as EsNode, options));
      }
      return out;
    }
    case 'UnaryExpression': {
      const v = of('argument');
      switch (node['operator']) {
        case '-':
          return -(v as number);
        case '+':
          return +(v as number);
        case '!':
          return !v;
        case '~':
          return ~(v as number);
        case 'typeof':
          return typeof v;
        case 'void':
          return undefined;
        default:
          return fail(`\`${String(node['operator'])}\``);
      }
    }
    case 'BinaryExpression':
      return binary(node['operator'] as string, of('left'), of('right'));
    case 'LogicalExpression': {
      const left = of('left');
      switch (node['operator']) {
        case '&&':
          return left ? of('right') : left;
        case '||':
          return left ? left : of('right');
        default:
          return left ?? of('right');
      }
    }
    case 'ConditionalExpression':
      return of('test') ? of('consequent') : of('alternate');
    case 'SequenceExpression': {
      let last: unknown;
      for (const e of node['expressions'] as EsNode[]) last = evaluate(e, options);
      return last;
    }
    case 'ParenthesizedExpression':
    case 'ChainExpression':
      return of('expression');
    case 'MemberExpression': {
      const object = of('object');
      if ((object === null || object === undefined) && node['optional']) return undefined;
      const property = node['property'] as EsNode;
      const key = node['computed'] ? asString(evaluate(property, options)) : (property['name'] as string);
      return member(object, key);
    }
    case 'JSXElement':
    case 'JSXFragment':
      return new MdxMarkup(jsx(node, options));
    default:
      return fail(`\`${node.type}\``);
  }
}

function binary(operator: string, a: unknown, b: unknown): unknown {
  const x = a as number;
  const y = b as number;
  switch (operator) {
    case '+':
      return typeof a === 'string' || typeof b === 'string' ? asString(a) + asString(b) : x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    case '%':
      return x % y;
    case '**':
      return x ** y;
    case '==':
      return a == b;
    case '!=':
      return a != b;
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    case '<<':
      return x << y;
    case '>>':
      return x >> y;
    case '>>>':
      return x >>> y;
    default:
      return fail(`\`${operator}\``);
  }
}

/** A value where text is expected (a template, a `+` with a string, a computed key). */
function asString(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : asString(v))).join(',');
  return fail('an object used as text');
}

/** A member read: the value's own property only (an array's or a string's index and length too). */
function member(object: unknown, key: string): unknown {
  if (object === null || object === undefined) return fail(`a member of ${String(object)}`);
  if (typeof object === 'string' || Array.isArray(object)) {
    if (key === 'length') return object.length;
    return /^(?:0|[1-9]\d*)$/.test(key) ? object[Number(key)] : undefined;
  }
  if (typeof object !== 'object' || object instanceof MdxMarkup || object instanceof Date) return undefined;
  return Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function spreadArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  return fail('a spread of something that is not a list');
}

function ownEntries(value: unknown): [string, unknown][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || value instanceof MdxMarkup) return [];
  return Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]]);
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A JSX element or fragment as HTML: an element (lower-case name), a component, or a fragment's children. */
function jsx(node: EsNode, options: MdxDataOptions): HastNode[] {
  const children = jsxChildren(node['children'] as EsNode[], options);
  if (node.type === 'JSXFragment') return children;
  const opening = node['openingElement'] as EsNode;
  const name = jsxName(opening['name'] as EsNode);
  const props = Object.create(null) as Record<string, unknown>;
  for (const a of opening['attributes'] as EsNode[]) {
    if (a.type === 'JSXSpreadAttribute') {
      for (const [k, v] of ownEntries(evaluate(a['argument'] as EsNode, options))) define(props, k, v);
      continue;
    }
    const value = a['value'] as EsNode | null;
    define(props, jsxName(a['name'] as EsNode), value === null ? true : attributeValue(value, options));
  }
  return elementOrComponent(name, props, children, options);
}

function attributeValue(value: EsNode, options: MdxDataOptions): unknown {
  if (value.type === 'Literal') return value['value'];
  if (value.type === 'JSXExpressionContainer') return evaluate(value['expression'] as EsNode, options);
  return evaluate(value, options);
}

function jsxName(name: EsNode): string {
  if (name.type === 'JSXIdentifier') return name['name'] as string;
  if (name.type === 'JSXNamespacedName') return `${jsxName(name['namespace'] as EsNode)}:${jsxName(name['name'] as EsNode)}`;
  return fail('a component from a module');
}

function jsxChildren(children: readonly EsNode[], options: MdxDataOptions): HastNode[] {
  const out: HastNode[] = [];
  for (const child of children) {
    if (child.type === 'JSXText') {
      const value = jsxText(child['value'] as string);
      if (value) out.push({ type: 'text', value });
    } else if (child.type === 'JSXExpressionContainer') {
      const expression = child['expression'] as EsNode;
      if (expression.type !== 'JSXEmptyExpression') out.push(...markupOf(evaluate(expression, options)));
    } else if (child.type === 'JSXSpreadChild') out.push(...markupOf(evaluate(child['expression'] as EsNode, options)));
    else out.push(...markupOf(evaluate(child, options)));
  }
  return out;
}

/** JSX text as JSX reads it: lines trimmed, blank lines dropped, the rest joined by a space. */
function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  if (lines.length === 1) return raw;
  return lines
    .map((line, i) => {
      let l = line;
      if (i > 0) l = l.replace(/^[ \t]+/, '');
      if (i < lines.length - 1) l = l.replace(/[ \t]+$/, '');
      return l;
    })
    .filter((l) => l !== '')
    .join(' ');
}

/**
 * An element (lower-case name, its attributes as HTML attributes: text, numbers and `true`; others dropped) or one of
 * the components the note may use; any other component name throws.
 */
export function elementOrComponent(
  name: string,
  props: Record<string, unknown>,
  children: HastNode[],
  options: Pick<MdxDataOptions, 'components'>,
): HastNode[] {
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    const attributes: Record<string, string | number | boolean> = {};
    for (const key of Object.keys(props)) {
      const v = props[key];
      if (typeof v === 'string' || typeof v === 'number' || v === true) attributes[key === 'className' ? 'class' : key === 'htmlFor' ? 'for' : key] = v;
    }
    return [h(name, attributes, children as never) as unknown as HastNode];
  }
  const component = Object.prototype.hasOwnProperty.call(options.components, name) ? options.components[name] : undefined;
  if (!component) return fail(`the component <${name}>, which the portal does not provide`);
  return component!(props, children);
}
