import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { dataQueryMessage } from './api';

describe('dataQueryMessage', () => {
  it('reads a 411 refusal (code 40000, data 411:…) or code 414 as 指标数量超过限制 (spec core §8)', () => {
    expect(dataQueryMessage(new ApiError(40000, 'whatever', '411:64:70', 400))).toBe('指标数量超过限制');
    expect(dataQueryMessage(new ApiError(414, 'too long'))).toBe('指标数量超过限制');
  });
  it('shows other refusals with their message', () => {
    expect(dataQueryMessage(new ApiError(40000, '结束时间必须晚于开始时间'))).toBe(
      '结束时间必须晚于开始时间',
    );
  });
});
