import type { Warning } from '@iot/contracts/warnings';
import { describe, expect, it } from 'vitest';
import { applyEvent, warningMarks } from './activeWarnings';

let nextId = 1;
const warning = (fields: Partial<Warning>): Warning => ({
  id: nextId++,
  projectId: 1,
  gatewayId: 1,
  gatewayAlias: '出水网关',
  gatewayIndicatorId: 5,
  metric: 'cod',
  indicatorName: '化学需氧量',
  unit: 'mg/L',
  ruleId: 1,
  kind: 'above',
  level: 2,
  value: '70',
  threshold: '> 50',
  startedAt: 1_000,
  releasedAt: null,
  releaseValue: null,
  handleStatus: 'unhandled',
  handledBy: null,
  handledAt: null,
  cameraIds: [],
  autoCapture: false,
  ...fields,
});

describe('warning marks', () => {
  it('mark each indicator with its most severe open warning, offline ones on the gateway', () => {
    const general = warning({ level: 3 });
    const severe = warning({ level: 1 });
    const offline = warning({ gatewayIndicatorId: null, kind: 'offline', gatewayId: 7 });
    const marks = warningMarks([
      general,
      severe,
      offline,
      warning({ gatewayIndicatorId: 6, handleStatus: 'handled' }),
    ]);
    expect(marks.byIndicator.get(5)).toBe(severe);
    expect(marks.byIndicator.has(6)).toBe(false);
    expect(marks.byGateway.get(7)).toBe(offline);
  });

  it('follow raises and releases from the socket', () => {
    const raised = warning({ gatewayIndicatorId: 9 });
    let list = applyEvent([], { type: 'raised', warning: raised });
    expect(warningMarks(list).byIndicator.get(9)).toEqual(raised);
    list = applyEvent(list, { type: 'released', warning: { ...raised, releasedAt: 2_000 } });
    expect(list).toEqual([]);
  });
});
