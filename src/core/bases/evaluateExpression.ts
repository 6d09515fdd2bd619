// Isomorphic: a Bases syntax tree evaluated against one row. Operators here; functions and methods in
// baseFunctions.ts and baseMethods.ts. Only the tree is walked: nothing a note holds is ever run as code.
import { addDuration, parseDate, parseDuration } from './baseDates.js';
import { EvaluationError, UnsupportedError, type BaseEnv, type Scope } from './baseRecord.js';
import { callGlobal } from './baseFunctions.js';
import { callMethod, fileMember, member } from './baseMethods.js';
import { compareValues, displayText, durationValue, equals, isDate, isDuration, isList, truthy, typeOf, type DateValue, type Value } from './baseValue.js';
import { ExpressionSyntaxError, type BinaryOp, type Expr } from './parseExpression.js';

/** Evaluates `expr` for the scope's row. Throws UnsupportedError or EvaluationError; the caller records them. */
export function evaluate(expr: Expr, env: BaseEnv, scope: Scope): Value {
  const ev = (e: Expr, s: Scope = scope): Value => evaluate(e, env, s);
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'regex':
      return { kind: 'regex', source: expr.source, flags: expr.flags };
    case 'list':
      return expr.items.map((item) => ev(item));
    case 'object':
      return { kind: 'object', entries: Object.fromEntries(expr.entries.map(([k, v]) => [k, ev(v)])) };
    case 'name':
      return name(expr.name, scope);
    case 'unary': {
      const v = ev(expr.operand);
      if (expr.op === '!') return !truthy(v);
      if (typeof v === 'number') return -v;
      if (isDuration(v)) return durationValue(-v.ms, -v.months);
      if (v === null) return null;
      throw new EvaluationError(`“-” cannot be used on a ${typeOf(v)}`);
    }
    case 'binary':
      if (expr.op === '&&') return truthy(ev(expr.left)) && truthy(ev(expr.right));
      if (expr.op === '||') return truthy(ev(expr.left)) || truthy(ev(expr.right));
      return binary(expr.op, ev(expr.left), ev(expr.right));
    case 'member':
      if (expr.object.type === 'name' && expr.object.name === 'formula' && !scope.locals?.['formula']) return formula(expr.name, env, scope);
      return member(ev(expr.object), expr.name, env);
    case 'index': {
      const object = ev(expr.object);
      const index = ev(expr.index);
      if (expr.object.type === 'name' && expr.object.name === 'formula' && typeof index === 'string') return formula(index, env, scope);
      if (isList(object) && typeof index === 'number') return object[index < 0 ? object.length + index : index] ?? null;
      if (typeof object === 'string' && typeof index === 'number') return object[index] ?? null;
      if (typeof index === 'string') return member(object, index, env);
      return null;
    }
    case 'call':
      return callGlobal(expr.name, expr.args, env, scope, ev);
    case 'method':
      return callMethod(ev(expr.object), expr.name, expr.args, env, scope, ev);
  }
}

/** A bare name: a lambda's variable, `file`, `note`, `this`, else the row's note property of that name. */
function name(n: string, scope: Scope): Value {
  if (scope.locals && n in scope.locals) return scope.locals[n]!;
  if (n === 'file') return { kind: 'file', path: scope.row.path };
  if (n === 'note') return { kind: 'object', entries: scope.row.properties };
  if (n === 'this') return scope.self ? { kind: 'file', path: scope.self.path } : null;
  if (n === 'formula') throw new EvaluationError('“formula” needs a name: formula.<name>');
  return fileMember(scope.row, n, true);
}

/** `formula.<name>`: computed once per row; a formula that needs itself is an error, not a loop. */
export function formula(n: string, env: BaseEnv, scope: Scope): Value {
  if (scope.formulas.has(n)) return scope.formulas.get(n)!;
  const expr = env.formulas.get(n);
  if (!expr) throw new EvaluationError(`there is no formula “${n}”`);
  if (expr instanceof ExpressionSyntaxError) throw new EvaluationError(`formula “${n}” ${expr.message}`);
  if (scope.computing.has(n)) throw new EvaluationError(`formula “${n}” refers to itself`);
  scope.computing.add(n);
  try {
    const value = evaluate(expr, env, { ...scope, locals: undefined });
    scope.formulas.set(n, value);
    return value;
  } finally {
    scope.computing.delete(n);
  }
}

/** A date, or text that reads as one (a property written `2025-01-01`), for comparing with a date. */
function asDate(v: Value): DateValue | undefined {
  if (isDate(v)) return v;
  return typeof v === 'string' ? parseDate(v) : undefined;
}

export function binary(op: Exclude<BinaryOp, '&&' | '||'>, a: Value, b: Value): Value {
  switch (op) {
    case '==':
    case '!=': {
      const da = isDate(a) || isDate(b) ? asDate(a) : undefined;
      const db = da ? asDate(b) : undefined;
      const same = da && db ? da.ms === db.ms : equals(a, b);
      return op === '==' ? same : !same;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const da = isDate(a) || isDate(b) ? asDate(a) : undefined;
      const db = da ? asDate(b) : undefined;
      const order = da && db ? da.ms - db.ms : compareValues(a, b);
      if (order === undefined || Number.isNaN(order)) return false;
      return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
    }
    case '+':
      if (typeof a === 'number' && typeof b === 'number') return a + b;
      if (isDate(a)) return shift(a, b, 1);
      if (isDuration(a) && isDuration(b)) return durationValue(a.ms + b.ms, a.months + b.months);
      if (typeof a === 'string' || typeof b === 'string') return displayText(a) + displayText(b);
      if (isList(a) && isList(b)) return [...a, ...b];
      if (a === null || b === null) return null;
      break;
    case '-':
      if (typeof a === 'number' && typeof b === 'number') return a - b;
      if (isDate(a) && (isDate(b) || (typeof b === 'string' && parseDate(b)))) return a.ms - asDate(b)!.ms;
      if (isDate(a)) return shift(a, b, -1);
      if (isDuration(a) && isDuration(b)) return durationValue(a.ms - b.ms, a.months - b.months);
      if (a === null || b === null) return null;
      break;
    case '*':
    case '/':
    case '%':
      if (typeof a === 'number' && typeof b === 'number') return op === '*' ? a * b : op === '/' ? a / b : a % b;
      if (isDuration(a) && typeof b === 'number' && op !== '%')
        return op === '*' ? durationValue(a.ms * b, a.months * b) : durationValue(a.ms / b, a.months / b);
      if (a === null || b === null) return null;
      break;
  }
  throw new EvaluationError(`“${op}” cannot be used on a ${typeOf(a)} and a ${typeOf(b)}`);
}

/** A date moved by a duration, given as one or as text (`"1d"`, `"2 weeks"`); a number moves it by milliseconds. */
function shift(date: DateValue, by: Value, sign: 1 | -1): Value {
  if (typeof by === 'number') return addDuration(date, durationValue(by), sign);
  const duration = isDuration(by) ? by : typeof by === 'string' ? parseDuration(by) : undefined;
  if (!duration) throw new EvaluationError(`a date can only move by a duration, not ${typeof by === 'string' ? `“${by}”` : `a ${typeOf(by)}`}`);
  return addDuration(date, duration, sign);
}

/** Whether an error is one the view reports (everything else is a bug and is thrown on). */
export function isEvaluationProblem(err: unknown): err is UnsupportedError | EvaluationError {
  return err instanceof UnsupportedError || err instanceof EvaluationError;
}
