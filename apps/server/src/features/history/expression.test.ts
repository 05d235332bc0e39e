import { describe, expect, it } from 'vitest';
import { checkExpression, compileExpression, ExpressionError, MAX_EXPRESSION_LENGTH } from './expression.js';

const value = (source: string, values: Record<string, number | null> = {}) =>
  compileExpression(source).evaluate(values);
const errorOf = (source: string): ExpressionError => {
  try {
    compileExpression(source);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${source} to be refused`);
};

describe('expression evaluator', () => {
  it('respects precedence and left associativity', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('24 / 4 / 2')).toBe(3);
    expect(value('7 % 4 * 2')).toBe(6);
    expect(value('1 + 7 % 4')).toBe(4);
  });

  it('makes ^ right-associative and tighter than unary minus', () => {
    expect(value('2 ^ 3 ^ 2')).toBe(512);
    expect(value('-2 ^ 2')).toBe(-4);
    expect(value('(-2) ^ 2')).toBe(4);
    expect(value('2 ^ -1')).toBe(0.5);
    expect(value('2 * 3 ^ 2')).toBe(18);
    expect(value('--3')).toBe(3);
    expect(value('+3 - -3')).toBe(6);
  });

  it('reads numbers, variables and functions', () => {
    expect(value('1.5e2 + .5')).toBe(150.5);
    expect(value('a * 2 + b_1', { a: 3, b_1: 1 })).toBe(7);
    expect(value('abs(-3) + min(4, 2, 8) + max(1, 5) + sqrt(16) + round(2.5)')).toBe(3 + 2 + 5 + 4 + 3);
    expect(value('pow(2, 10)')).toBe(1024);
    expect(value('log(exp(2))')).toBeCloseTo(2);
    expect(compileExpression('cod / (flow + cod) * cod').variables).toEqual(['cod', 'flow']);
  });

  it('answers null for division by zero, missing variables and non-finite results', () => {
    expect(value('1 / 0')).toBeNull();
    expect(value('a % b', { a: 1, b: 0 })).toBeNull();
    expect(value('a + 1', { a: null })).toBeNull();
    expect(value('a + 1')).toBeNull();
    expect(value('sqrt(-1)')).toBeNull();
    expect(value('log(0)')).toBeNull();
  });

  it('refuses anything else with a position in a Chinese message', () => {
    expect(errorOf('1 +').message).toBe('第 4 个字符处表达式不完整');
    expect(errorOf('(1 + 2').message).toBe('第 7 个字符处缺少“)”');
    expect(errorOf('1;2')).toMatchObject({ position: 1 });
    expect(errorOf('1;2').message).toContain('不允许的字符“;”');
    expect(errorOf('a.b').message).toMatch(/^第 2 个字符处/);
    expect(errorOf('constructor(1)').message).toContain('未知函数“constructor”');
    expect(errorOf('__proto__(1)').message).toContain('未知函数');
    expect(errorOf('eval("1")').message).toContain('不允许的字符');
    expect(errorOf('eval(1)').message).toContain('未知函数“eval”');
    expect(errorOf('a[0]').message).toContain('不允许的字符');
    expect(errorOf('1 2').message).toBe('第 3 个字符处多余的“2”');
    expect(errorOf('pow(1)').message).toContain('参数个数错误');
    expect(errorOf('sqrt').message).toContain('缺少参数');
    expect(errorOf('').message).toContain('表达式为空');
    expect(errorOf('1..2').message).toContain('多余的');
    expect(errorOf('*2').message).toContain('意外的“*”');
  });

  it('treats names like constructor or __proto__ as plain variables, never object members', () => {
    expect(value('constructor + 1')).toBeNull();
    expect(value('__proto__ + 1')).toBeNull();
    expect(value('toString', {})).toBeNull();
    expect(value('constructor + 1', { constructor: 2 } as Record<string, number>)).toBe(3);
  });

  it('bounds length and depth', () => {
    expect(errorOf('1+'.repeat(MAX_EXPRESSION_LENGTH)).message).toContain('长度超过');
    expect(errorOf(`${'('.repeat(40)}1${')'.repeat(40)}`).message).toContain('嵌套过深');
    expect(errorOf(`${'-'.repeat(40)}1`).message).toContain('嵌套过深');
    expect(errorOf(`${'2^'.repeat(40)}2`).message).toContain('嵌套过深');
    expect(value(`${'('.repeat(20)}1${')'.repeat(20)}`)).toBe(1);
  });

  it('answers checkExpression', () => {
    expect(checkExpression('a + b')).toEqual({ valid: true, variables: ['a', 'b'] });
    expect(checkExpression('a +')).toMatchObject({ valid: false, variables: [] });
  });
});
