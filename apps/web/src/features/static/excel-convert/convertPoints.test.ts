import { thingModel } from '@iot/contracts/indicators';
import { describe, expect, it } from 'vitest';
import { accessOf, convert, guessMapping, stepOf, typeOf } from './convertPoints';

describe('point list conversion', () => {
  it('guesses the columns of a vendor sheet', () => {
    expect(
      guessMapping(['点位名称', '变量名', '数据类型', '工程单位', '读写属性', '小数位', '备注', '地址']),
    ).toEqual({
      name: '点位名称',
      identifier: '变量名',
      type: '数据类型',
      unit: '工程单位',
      accessMode: '读写属性',
      step: '小数位',
      desc: '备注',
    });
  });

  it('reads other systems’ types, access and precision', () => {
    expect([
      typeOf('BOOL'),
      typeOf('INT16'),
      typeOf('REAL'),
      typeOf('LREAL'),
      typeOf('String'),
      typeOf(''),
    ]).toEqual(['bool', 'int', 'float', 'double', 'text', 'float']);
    expect([accessOf('R/W'), accessOf('只读'), accessOf('写')]).toEqual(['rw', 'r', 'w']);
    expect([stepOf('2'), stepOf('0'), stepOf('0.1'), stepOf('x')]).toEqual(['0.01', '1', '0.1', undefined]);
  });

  it('converts rows into a thing model our import accepts, leaving out bad rows with their line', () => {
    const mapping = { name: '名称', identifier: '标识', type: '类型', unit: '单位', step: '精度' };
    const { properties, problems } = convert(
      [
        { 名称: '出水COD', 标识: 'cod', 类型: 'REAL', 单位: 'mg/L', 精度: '1' },
        { 名称: '提升泵运行', 标识: 'pump_run', 类型: 'BOOL', 单位: '', 精度: '' },
        { 名称: '', 标识: 'x1', 类型: '', 单位: '', 精度: '' },
        { 名称: '重复', 标识: 'cod', 类型: '', 单位: '', 精度: '' },
        { 名称: '坏标识', 标识: 'a b', 类型: '', 单位: '', 精度: '' },
        { 名称: '', 标识: '', 类型: '', 单位: '', 精度: '' },
      ],
      mapping,
    );
    expect(properties.map((p) => p.identifier)).toEqual(['cod', 'pump_run']);
    expect(properties[0]!.dataType).toEqual({ type: 'float', specs: { unit: 'mg/L', step: '0.1' } });
    expect(problems.map((p) => p.row)).toEqual([4, 5, 6]);
    expect(problems[1]!.message).toBe('数据标识 cod 重复');
    expect(thingModel.safeParse({ properties }).success).toBe(true);
  });
});
