/**
 * A safe arithmetic expression language for computed indicators (never eval or Function):
 * numbers, variables [A-Za-z_][A-Za-z0-9_]*, + - * / % ^ (right-associative, binds tighter
 * than unary minus: -2^2 = -4), unary minus and plus, parentheses and a fixed set of functions.
 * Division or modulo by zero, and any non-finite result, evaluate to null.
 */

export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_EXPRESSION_DEPTH = 32;

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'var'; name: string }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Node; right: Node }
  | { kind: 'call'; name: FunctionName; args: Node[] };

const FUNCTIONS = {
  abs: { arity: [1, 1], fn: (a: number[]) => Math.abs(a[0]!) },
  min: { arity: [1, 16], fn: (a: number[]) => Math.min(...a) },
  max: { arity: [1, 16], fn: (a: number[]) => Math.max(...a) },
  sqrt: { arity: [1, 1], fn: (a: number[]) => Math.sqrt(a[0]!) },
  round: { arity: [1, 1], fn: (a: number[]) => Math.round(a[0]!) },
  pow: { arity: [2, 2], fn: (a: number[]) => a[0]! ** a[1]! },
  log: { arity: [1, 1], fn: (a: number[]) => Math.log(a[0]!) },
  exp: { arity: [1, 1], fn: (a: number[]) => Math.exp(a[0]!) },
} as const;
type FunctionName = keyof typeof FUNCTIONS;
const isFunction = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name);

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`第 ${position + 1} 个字符处${message}`);
  }
}

type Token = { type: 'num' | 'name' | 'op' | 'end'; text: string; pos: number };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(source.slice(i));
      if (!m) throw new ExpressionError('数字格式错误', i);
      tokens.push({ type: 'num', text: m[0], pos: i });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))!;
      tokens.push({ type: 'name', text: m[0], pos: i });
      i += m[0].length;
    } else if ('+-*/%^(),'.includes(c)) {
      tokens.push({ type: 'op', text: c, pos: i });
      i++;
    } else {
      throw new ExpressionError(`不允许的字符“${c}”`, i);
    }
  }
  tokens.push({ type: 'end', text: '', pos: source.length });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;
  readonly variables = new Set<string>();

  constructor(private readonly tokens: Token[]) {}

  private get peek(): Token {
    return this.tokens[this.index]!;
  }

  private atEnd(): boolean {
    return this.peek.type === 'end';
  }

  private isOp(text: string): boolean {
    return this.peek.type === 'op' && this.peek.text === text;
  }

  private expect(text: string): void {
    if (!this.isOp(text)) throw new ExpressionError(`缺少“${text}”`, this.peek.pos);
    this.index++;
  }

  private enter(pos: number): void {
    if (++this.depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError('表达式嵌套过深', pos);
  }

  parse(): Node {
    if (this.peek.type === 'end') throw new ExpressionError('表达式为空', 0);
    const node = this.additive();
    if (!this.atEnd()) throw new ExpressionError(`多余的“${this.peek.text}”`, this.peek.pos);
    return node;
  }

  private additive(): Node {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.tokens[this.index++]!.text as '+' | '-';
      left = { kind: 'bin', op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Node {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = this.tokens[this.index++]!.text as '*' | '/' | '%';
      left = { kind: 'bin', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Node {
    if (this.isOp('-') || this.isOp('+')) {
      const token = this.tokens[this.index++]!;
      this.enter(token.pos);
      const arg = this.unary();
      this.depth--;
      return token.text === '-' ? { kind: 'neg', arg } : arg;
    }
    return this.power();
  }

  /** ^ is right-associative and its exponent may carry a sign: 2^-1 = 0.5. */
  private power(): Node {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    const pos = this.tokens[this.index++]!.pos;
    this.enter(pos);
    const right = this.unary();
    this.depth--;
    return { kind: 'bin', op: '^', left: base, right };
  }

  private primary(): Node {
    const token = this.peek;
    if (token.type === 'num') {
      this.index++;
      const value = Number(token.text);
      if (!Number.isFinite(value)) throw new ExpressionError('数字超出范围', token.pos);
      return { kind: 'num', value };
    }
    if (token.type === 'name') {
      this.index++;
      if (this.isOp('(')) {
        if (!isFunction(token.text)) throw new ExpressionError(`未知函数“${token.text}”`, token.pos);
        return this.call(token.text, token.pos);
      }
      if (isFunction(token.text)) throw new ExpressionError(`函数“${token.text}”缺少参数`, token.pos);
      this.variables.add(token.text);
      return { kind: 'var', name: token.text };
    }
    if (this.isOp('(')) {
      this.index++;
      this.enter(token.pos);
      const inner = this.additive();
      this.depth--;
      this.expect(')');
      return inner;
    }
    if (token.type === 'end') throw new ExpressionError('表达式不完整', token.pos);
    throw new ExpressionError(`意外的“${token.text}”`, token.pos);
  }

  private call(name: FunctionName, pos: number): Node {
    this.expect('(');
    this.enter(pos);
    const args: Node[] = [];
    if (!this.isOp(')')) {
      args.push(this.additive());
      while (this.isOp(',')) {
        this.index++;
        args.push(this.additive());
      }
    }
    this.depth--;
    this.expect(')');
    const [lo, hi] = FUNCTIONS[name].arity;
    if (args.length < lo || args.length > hi) {
      throw new ExpressionError(`函数“${name}”的参数个数错误`, pos);
    }
    return { kind: 'call', name, args };
  }
}

export interface CompiledExpression {
  variables: string[];
  /** The value for these variable values; null when a variable is missing or the result is not finite. */
  evaluate(values: Record<string, number | null | undefined>): number | null;
}

/** Parses an expression; throws ExpressionError with a Chinese message and the position. */
export function compileExpression(source: string): CompiledExpression {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`表达式长度超过 ${MAX_EXPRESSION_LENGTH} 个字符`, MAX_EXPRESSION_LENGTH);
  }
  const parser = new Parser(tokenize(source));
  const root = parser.parse();
  return {
    variables: [...parser.variables],
    evaluate: (values) => {
      const result = evaluate(root, values);
      return result !== null && Number.isFinite(result) ? result : null;
    },
  };
}

function evaluate(node: Node, values: Record<string, number | null | undefined>): number | null {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'var': {
      const value = Object.hasOwn(values, node.name) ? values[node.name] : undefined;
      return typeof value === 'number' ? value : null;
    }
    case 'neg': {
      const value = evaluate(node.arg, values);
      return value === null ? null : -value;
    }
    case 'call': {
      const args: number[] = [];
      for (const arg of node.args) {
        const value = evaluate(arg, values);
        if (value === null) return null;
        args.push(value);
      }
      return FUNCTIONS[node.name].fn(args);
    }
    case 'bin': {
      const a = evaluate(node.left, values);
      const b = evaluate(node.right, values);
      if (a === null || b === null) return null;
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return b === 0 ? null : a / b;
        case '%':
          return b === 0 ? null : a % b;
        case '^':
          return a ** b;
      }
    }
  }
}

/** The checkExpression answer: whether it parses, the message if not, and its variables. */
export function checkExpression(source: string): { valid: boolean; message?: string; variables: string[] } {
  try {
    return { valid: true, variables: compileExpression(source).variables };
  } catch (error) {
    if (error instanceof ExpressionError) return { valid: false, message: error.message, variables: [] };
    throw error;
  }
}
