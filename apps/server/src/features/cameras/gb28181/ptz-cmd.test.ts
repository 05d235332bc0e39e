import { describe, expect, it } from 'vitest';
import { PresetInstruction, ptzMove, ptzPreset, ptzStop, speedByte, validPtzCmd } from './ptz-cmd.js';

/**
 * GB/T 28181-2016 Annex A.3: byte 2's low nibble is (0xA + 0x5 + 0) % 16 = 0xF, byte 8 is the sum
 * of bytes 1–7 mod 256. Expected codes worked by that rule (e.g. stop: A5+0F+01 = B5), the same
 * codes the standard's platforms send (A50F0100000000B5 is stop in every GB28181 capture).
 */
describe('PTZCmd (GB/T 28181-2016 A.3)', () => {
  it('stop is A50F0100000000B5', () => {
    expect(ptzStop()).toBe('A50F0100000000B5');
  });

  it('directions set the instruction bits with pan/tilt speed in bytes 5/6', () => {
    // speed 0x1F given as is (above the three levels).
    expect(ptzMove('right', 0x1f)).toBe('A50F01011F0000D5');
    expect(ptzMove('left', 0x1f)).toBe('A50F01021F0000D6');
    expect(ptzMove('up', 0x1f)).toBe('A50F0108001F00DC');
    expect(ptzMove('down', 0x1f)).toBe('A50F0104001F00D8');
    expect(ptzMove('upLeft', 0x1f)).toBe('A50F010A1F1F00FD');
    expect(ptzMove('downRight', 0x1f)).toBe('A50F01051F1F00F8');
  });

  it('zoom puts its speed in the high nibble of byte 7', () => {
    expect(ptzMove('zoomIn', 0x10)).toBe('A50F0110000010D5');
    expect(ptzMove('zoomOut', 0x10)).toBe('A50F0120000010E5');
  });

  it('project speed 1 is the medium level 0x80', () => {
    expect(speedByte(1)).toBe(0x80);
    expect(ptzMove('right', 1)).toBe('A50F010180000036');
  });

  it('presets: 81h set, 82h call, number in byte 6', () => {
    expect(ptzPreset(PresetInstruction.CALL, 1)).toBe('A50F018200010038');
    expect(ptzPreset(PresetInstruction.SET, 3)).toBe('A50F018100030039');
    expect(() => ptzPreset(PresetInstruction.CALL, 256)).toThrow(RangeError);
  });

  it('every code checks out, and a wrong checksum does not', () => {
    for (const code of [ptzStop(), ptzMove('downLeft', 200), ptzPreset(PresetInstruction.DELETE, 255)])
      expect(validPtzCmd(code), code).toBe(true);
    expect(validPtzCmd('A50F0100000000B6')).toBe(false);
    expect(validPtzCmd('A50E0100000000B4')).toBe(false);
  });
});
