// Isomorphic: the Bases expression language (filters and formulas share it) read into a syntax tree. Nothing here
// or in the evaluator runs JavaScript: no `eval`, no `Function`; a note's text only ever becomes this tree.
//
// Grammar (EBNF; whitespace between tokens is ignored; precedence as in JavaScript, lowest first):
//
//   expression     = or ;
//   or             = and , { "||" , and } ;
//   and            = equality , { "&&" , equality } ;
//   equality       = comparison , { ( "==" | "!=" ) , comparison } ;
//   comparison     = additive , { ( "<" | "<=" | ">" | ">=" ) , additive } ;
//   additive       = multiplicative , { ( "+" | "-" ) , multiplicative } ;
//   multiplicative = unary , { ( "*" | "/" | "%" ) , unary } ;
//   unary          = ( "!" | "-" ) , unary | postfix ;
//   postfix        = primary , { "." , name , [ arguments ] | "[" , expression , "]" } ;
//   primary        = number | string | regex | "true" | "false" | "null"
//                  | name , [ arguments ]                          (* a property, or a global function call *)
//                  | "(" , expression , ")"
//                  | "[" , [ expression , { "," , expression } ] , "]"
//                  | "{" , [ entry , { "," , entry } ] , "}" ;
//   entry          = ( name | string ) , ":" , expression ;
//   arguments      = "(" , [ expression , { "," , expression } ] , ")" ;
//   number         = digit , { digit } , [ "." , digit , { digit } ] ;
//   string         = '"' , { character | escape } , '"' | "'" , { character | escape } , "'" ;
//   regex          = "/" , { character | "\/" } , "/" , { "g" | "i" | "m" | "s" | "u" } ;   (* where an operand may start *)
//   name           = letter , { letter | digit } ;                  (* letters include "_" and "$" *)

/** A node of an expression's syntax tree; `at` is its offset in the text, for messages. */
export type Expr =
  | { type: 'literal'; value: null | boolean | number | string; at: number }
  | { type: 'regex'; source: string; flags: string; at: number }
  | { type: 'name'; name: string; at: number }
  | { type: 'list'; items: Expr[]; at: number }
  | { type: 'object'; entries: [string, Expr][]; at: number }
  | { type: 'unary'; op: '!' | '-'; operand: Expr; at: number }
  | { type: 'binary'; op: BinaryOp; left: Expr; right: Expr; at: number }
  | { type: 'member'; object: Expr; name: string; at: number }
  | { type: 'index'; object: Expr; index: Expr; at: number }
  | { type: 'call'; name: string; args: Expr[]; at: number }
  | { type: 'method'; object: Expr; name: string; args: Expr[]; at: number };

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/** An expression that could not be read: what was expected, and where. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'ExpressionSyntaxError';
  }
}

type Token =
  | { kind: 'num'; value: number; at: number }
  | { kind: 'str'; value: string; at: number }
  | { kind: 'regex'; source: string; flags: string; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number }
  | { kind: 'end'; at: number };

/** Longest first, so `<=` is not read as `<` then `=`. */
const OPERATORS = ['||', '&&', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '!', '(', ')', '[', ']', '{', '}', ',', '.', ':'];
const NAME_START = /[\p{L}_$]/u; // a letter, underscore or dollar sign
const NAME_PART = /[\p{L}\p{N}_$]/u; // … then letters, digits, underscores, dollar signs
/** Longer texts are refused: an expression is a line of a `.base` file, not a program. */
export const MAX_EXPRESSION_LENGTH = 2000;

export function tokenize(text: string): Token[] {
  if (text.length > MAX_EXPRESSION_LENGTH) throw new ExpressionSyntaxError(`is longer than ${MAX_EXPRESSION_LENGTH} characters`, 0);
  const tokens: Token[] = [];
  let i = 0;
  // A `/` starts a regex where an operand may start: at the beginning, after an operator or an opening bracket.
  const operandNext = () => {
    const last = tokens[tokens.length - 1];
    return !last || (last.kind === 'op' && !/^[)\]}]$/.test(last.value));
  };
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i;
    if (/[0-9]/.test(c)) {
      while (/[0-9]/.test(text[i] ?? '')) i++;
      if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) for (i++; /[0-9]/.test(text[i] ?? '');) i++;
      tokens.push({ kind: 'num', value: Number(text.slice(at, i)), at });
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      for (i++; ; i++) {
        const ch = text[i];
        if (ch === undefined) throw new ExpressionSyntaxError('has a text that is never closed (a missing quote)', at);
        if (ch === c) break;
        if (ch === '\\') {
          const next = text[++i];
          if (next === undefined) throw new ExpressionSyntaxError('has a text that is never closed (a missing quote)', at);
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        } else value += ch;
      }
      i++;
      tokens.push({ kind: 'str', value, at });
      continue;
    }
    if (c === '/' && operandNext()) {
      let source = '';
      let inClass = false;
      for (i++; ; i++) {
        const ch = text[i];
        if (ch === undefined || ch === '\n') throw new ExpressionSyntaxError('has a regular expression that is never closed (a missing /)', at);
        if (ch === '\\') {
          source += ch + (text[++i] ?? '');
          continue;
        }
        if (ch === '[') inClass = true;
        else if (ch === ']') inClass = false;
        else if (ch === '/' && !inClass) break;
        source += ch;
      }
      i++;
      let flags = '';
      while (/[gimsu]/.test(text[i] ?? '')) flags += text[i++];
      tokens.push({ kind: 'regex', source, flags, at });
      continue;
    }
    if (NAME_START.test(c)) {
      while (i < text.length && NAME_PART.test(text[i]!)) i++;
      tokens.push({ kind: 'name', value: text.slice(at, i), at });
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new ExpressionSyntaxError(`has a character it cannot read: “${c}”`, at);
    i += op.length;
    tokens.push({ kind: 'op', value: op, at });
  }
  tokens.push({ kind: 'end', at: text.length });
  return tokens;
}

/** Reads one expression; throws ExpressionSyntaxError naming what it expected and where. */
export function parseExpression(text: string): Expr {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos]!;
  const isOp = (value: string) => {
    const t = peek();
    return t.kind === 'op' && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) throw new ExpressionSyntaxError(`expected “${value}” ${where(peek())}`, peek().at);
    pos++;
  };
  const binary = (ops: readonly string[], next: () => Expr) => (): Expr => {
    let left = next();
    for (let t = peek(); t.kind === 'op' && ops.includes(t.value); t = peek()) {
      pos++;
      left = { type: 'binary', op: t.value as BinaryOp, left, right: next(), at: t.at };
    }
    return left;
  };
  const list = (close: string): Expr[] => {
    const items: Expr[] = [];
    if (isOp(close)) {
      pos++;
      return items;
    }
    for (;;) {
      items.push(expression());
      if (isOp(',')) {
        pos++;
        continue;
      }
      expect(close);
      return items;
    }
  };
  const primary = (): Expr => {
    const t = peek();
    pos++;
    switch (t.kind) {
      case 'num':
        return { type: 'literal', value: t.value, at: t.at };
      case 'str':
        return { type: 'literal', value: t.value, at: t.at };
      case 'regex':
        return { type: 'regex', source: t.source, flags: t.flags, at: t.at };
      case 'name':
        if (t.value === 'true' || t.value === 'false') return { type: 'literal', value: t.value === 'true', at: t.at };
        if (t.value === 'null') return { type: 'literal', value: null, at: t.at };
        if (isOp('(')) {
          pos++;
          return { type: 'call', name: t.value, args: list(')'), at: t.at };
        }
        return { type: 'name', name: t.value, at: t.at };
      case 'op':
        if (t.value === '(') {
          const inner = expression();
          expect(')');
          return inner;
        }
        if (t.value === '[') return { type: 'list', items: list(']'), at: t.at };
        if (t.value === '{') return { type: 'object', entries: objectEntries(), at: t.at };
        break;
      case 'end':
        break;
    }
    throw new ExpressionSyntaxError(`expected a value ${where(t)}`, t.at);
  };
  const objectEntries = (): [string, Expr][] => {
    const entries: [string, Expr][] = [];
    if (isOp('}')) {
      pos++;
      return entries;
    }
    for (;;) {
      const key = peek();
      if (key.kind !== 'name' && key.kind !== 'str') throw new ExpressionSyntaxError(`expected a key ${where(key)}`, key.at);
      pos++;
      expect(':');
      entries.push([key.value, expression()]);
      if (isOp(',')) {
        pos++;
        continue;
      }
      expect('}');
      return entries;
    }
  };
  const postfix = (): Expr => {
    let node = primary();
    for (;;) {
      if (isOp('.')) {
        pos++;
        const name = peek();
        if (name.kind !== 'name') throw new ExpressionSyntaxError(`expected a name after “.” ${where(name)}`, name.at);
        pos++;
        if (isOp('(')) {
          pos++;
          node = { type: 'method', object: node, name: name.value, args: list(')'), at: name.at };
        } else node = { type: 'member', object: node, name: name.value, at: name.at };
      } else if (isOp('[')) {
        const at = peek().at;
        pos++;
        const index = expression();
        expect(']');
        node = { type: 'index', object: node, index, at };
      } else return node;
    }
  };
  const unary = (): Expr => {
    const t = peek();
    if (t.kind === 'op' && (t.value === '!' || t.value === '-')) {
      pos++;
      return { type: 'unary', op: t.value, operand: unary(), at: t.at };
    }
    return postfix();
  };
  const multiplicative = binary(['*', '/', '%'], unary);
  const additive = binary(['+', '-'], multiplicative);
  const comparison = binary(['<', '<=', '>', '>='], additive);
  const equality = binary(['==', '!='], comparison);
  const and = binary(['&&'], equality);
  const expression = binary(['||'], and);

  const tree = expression();
  if (peek().kind !== 'end') throw new ExpressionSyntaxError(`has more after a complete expression ${where(peek())}`, peek().at);
  return tree;
}

function where(t: Token): string {
  if (t.kind === 'end') return 'at the end';
  const shown = t.kind === 'str' ? `"${t.value}"` : t.kind === 'regex' ? `/${t.source}/` : String(t.value);
  return `at “${shown}” (character ${t.at + 1})`;
}
