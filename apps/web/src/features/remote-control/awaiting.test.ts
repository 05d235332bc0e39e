import type { GatewayIndicator } from '@iot/contracts/indicators';
import type { InstructionRecord } from '@iot/contracts/remote-control';
import { describe, expect, it } from 'vitest';
import { awaitingDevice } from './awaiting';

const now = 1_800_000_000_000;
const record = (over: Partial<InstructionRecord>): InstructionRecord => ({
  id: 1,
  gatewayId: 1,
  gatewayIndicatorId: 1,
  projectId: 1,
  userId: 1,
  metric: 'valve',
  value: '1',
  status: 20000,
  message: '指令执行成功',
  createdAt: now - 2000,
  sentAt: now - 2000,
  acknowledgedAt: now - 1000,
  repositionOf: null,
  ...over,
});
const jog = { dataIdentification: 'valve', isAutoReposition: true, repositionDelay: 5 } as GatewayIndicator;
const plain = { ...jog, isAutoReposition: false };

describe('awaitingDevice', () => {
  it('waits while a record is open', () => {
    expect(awaitingDevice([record({ status: 20100 })], [], now)).toBe(true);
    expect(awaitingDevice([record({ status: 20101 })], [], now)).toBe(true);
    expect(awaitingDevice([record({ status: 40800 })], [], now)).toBe(false);
  });

  it('waits for the automatic return of a successful jog command, not of a plain one', () => {
    expect(awaitingDevice([record({})], [jog], now)).toBe(true);
    expect(awaitingDevice([record({})], [plain], now)).toBe(false);
    expect(awaitingDevice([record({ id: 2, repositionOf: 1, userId: null }), record({})], [jog], now)).toBe(
      false,
    );
    expect(awaitingDevice([record({ status: 40000 })], [jog], now)).toBe(false);
    // Long past the delay: the return is not coming to this page any more.
    expect(awaitingDevice([record({ acknowledgedAt: now - 60_000 })], [jog], now)).toBe(false);
  });
});
