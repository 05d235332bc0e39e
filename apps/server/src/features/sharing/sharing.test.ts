import { describe, expect, it } from 'vitest';
import { capacityOf } from './sharing.service.js';

describe('capacityOf', () => {
  it('compares what the share needs with what the project has left', () => {
    expect(capacityOf({ max: 10, used: 4 }, 6)).toEqual({ enough: true, needed: 6, left: 6, shortBy: 0 });
    expect(capacityOf({ max: 10, used: 4 }, 9)).toEqual({ enough: false, needed: 9, left: 6, shortBy: 3 });
    // An administrator may have lowered the maximum below use: nothing is left, never less.
    expect(capacityOf({ max: 3, used: 5 }, 1)).toEqual({ enough: false, needed: 1, left: 0, shortBy: 1 });
    expect(capacityOf({ max: -1, used: 500 }, 1000)).toEqual({
      enough: true,
      needed: 1000,
      left: -1,
      shortBy: 0,
    });
  });
});
