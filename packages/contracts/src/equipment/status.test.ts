import { describe, expect, it } from 'vitest';
import { chinaDay, chinaMidnight, deriveEquipmentStatus, signalOn } from './status.js';

describe('equipment status', () => {
  it('puts the manual status first, then the fault signal, then the run signal', () => {
    expect(deriveEquipmentStatus({ manualStatus: 'scrapped', run: 1, fault: 1 })).toBe('scrapped');
    expect(deriveEquipmentStatus({ manualStatus: 'maintenance', run: 1 })).toBe('maintenance');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 1, fault: 1 })).toBe('fault');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', fault: 1 })).toBe('fault');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 1, fault: 0 })).toBe('running');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 0 })).toBe('stopped');
    expect(deriveEquipmentStatus({ manualStatus: 'normal' })).toBe('unknown');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: '', fault: 0 })).toBe('unknown');
  });

  it('reads an offline run signal as 无信号, after the manual status (decision 0059)', () => {
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 1, offline: true })).toBe('unknown');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 1, fault: 1, offline: true })).toBe(
      'unknown',
    );
    expect(deriveEquipmentStatus({ manualStatus: 'maintenance', run: 1, offline: true })).toBe('maintenance');
    expect(deriveEquipmentStatus({ manualStatus: 'normal', run: 1, offline: false })).toBe('running');
  });

  it('reads numbers and texts as on or off', () => {
    expect([1, 0, 2.5, '1', '0', 'true', 'on', 'off', 'x', null, undefined].map(signalOn)).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
      true,
      false,
      false,
      null,
      null,
    ]);
  });

  it('counts days in China time', () => {
    const ts = Date.UTC(2026, 2, 1, 16, 30); // 2026-03-02 00:30 in China
    expect(chinaDay(ts)).toBe('2026-03-02');
    expect(chinaMidnight(ts)).toBe(Date.UTC(2026, 2, 1, 16));
  });
});
