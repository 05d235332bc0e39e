import type { PtzDirection } from '@iot/contracts/cameras';

/**
 * The PTZ command of GB/T 28181-2016 Annex A.3 (the `PTZCmd` of a DeviceControl MESSAGE): 8 bytes
 * written as 16 hex digits —
 *   1  A5h
 *   2  high nibble: version (0), low nibble: (high(b1) + low(b1) + high(b2)) % 16 → 0Fh
 *   3  address, low 8 bits
 *   4  instruction
 *   5  data 1 (pan speed, or 0 for presets)
 *   6  data 2 (tilt speed, or the preset number)
 *   7  high nibble: data 3 (zoom speed), low nibble: address, high 4 bits
 *   8  checksum: (b1 + … + b7) % 256
 * Instruction bits for PTZ (A.3.2): bit5 zoom out, bit4 zoom in, bit3 up, bit2 down, bit1 left,
 * bit0 right; all zero is stop. Presets (A.3.5): 81h set, 82h call, 83h delete.
 */

const DIRECTION_BITS: Record<PtzDirection, number> = {
  right: 0x01,
  left: 0x02,
  down: 0x04,
  up: 0x08,
  zoomIn: 0x10,
  zoomOut: 0x20,
  upRight: 0x09,
  upLeft: 0x0a,
  downRight: 0x05,
  downLeft: 0x06,
};

export const PresetInstruction = { SET: 0x81, CALL: 0x82, DELETE: 0x83 } as const;

/** The address the commands carry; devices addressed by their SIP channel id ignore it. */
const ADDRESS = 0x001;

function encode(instruction: number, data1: number, data2: number, zoom: number): string {
  const bytes = [0xa5, 0, ADDRESS & 0xff, instruction & 0xff, data1 & 0xff, data2 & 0xff, 0];
  bytes[1] = (((0xa5 >> 4) + (0xa5 & 0x0f) + 0) % 16) & 0x0f;
  bytes[6] = ((zoom & 0x0f) << 4) | ((ADDRESS >> 8) & 0x0f);
  const checksum = bytes.reduce((sum, byte) => sum + byte, 0) % 256;
  return [...bytes, checksum]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/**
 * The platform's speed (1–255; project calls send 1, which is "medium" on the cloud services) as
 * the command's pan/tilt speed byte: 1, 2, 3 are levels (medium, fast, fastest), larger values pass.
 */
export function speedByte(speed: number): number {
  const levels = [0x80, 0xc0, 0xff];
  const rounded = Math.round(speed);
  if (rounded >= 1 && rounded <= 3) return levels[rounded - 1] ?? 0x80;
  return Math.min(0xff, Math.max(1, rounded));
}

/** A move (until stop) in a direction, or a zoom. */
export function ptzMove(direction: PtzDirection, speed: number): string {
  const bits = DIRECTION_BITS[direction];
  const pace = speedByte(speed);
  const zooming = direction === 'zoomIn' || direction === 'zoomOut';
  const pan = bits & 0x03 ? pace : 0;
  const tilt = bits & 0x0c ? pace : 0;
  return encode(bits, pan, tilt, zooming ? Math.max(1, pace >> 4) : 0);
}

export function ptzStop(): string {
  return encode(0, 0, 0, 0);
}

/** Set, call or delete preset `index` (1–255). */
export function ptzPreset(instruction: number, index: number): string {
  if (!Number.isInteger(index) || index < 1 || index > 255) throw new RangeError('preset 1–255');
  return encode(instruction, 0, index, 0);
}

/** Whether a PTZCmd's second and last bytes are right (the fake device checks what it receives). */
export function validPtzCmd(hex: string): boolean {
  if (!/^[0-9A-Fa-f]{16}$/.test(hex)) return false;
  const bytes = Buffer.from(hex, 'hex');
  const b1 = bytes[0] ?? 0;
  const b2 = bytes[1] ?? 0;
  if (b1 !== 0xa5) return false;
  if ((b2 & 0x0f) !== ((b1 >> 4) + (b1 & 0x0f) + (b2 >> 4)) % 16) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += bytes[i] ?? 0;
  return sum % 256 === bytes[7];
}
