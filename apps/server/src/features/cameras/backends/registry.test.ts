import { AggType, CameraTexts } from '@iot/contracts/cameras';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../platform/secret-box.js';
import { DemoVideoSource } from '../demo-source.js';
import { StreamTickets } from '../stream-tickets.js';
import { httpFlvBackend } from './http-flv.js';
import { CameraBackends } from './registry.js';

const box = new SecretBox(Buffer.alloc(32, 7).toString('base64url'));

describe('the back-end registry', () => {
  it('answers 该摄像头平台未配置 for a platform without a back-end, and nothing supported', () => {
    const demo = new DemoVideoSource({ port: 0, portFixed: true, log: {} as FastifyBaseLogger });
    const backends = new CameraBackends([httpFlvBackend(new StreamTickets(box), demo)]);
    expect(backends.of(AggType.HTTP_FLV).aggType).toBe(AggType.HTTP_FLV);
    expect(() => backends.of(AggType.GB28181)).toThrow(CameraTexts.PLATFORM_NOT_CONFIGURED);
    expect(backends.supports(AggType.CLOUD_A)).toEqual({
      ptz: false,
      talk: false,
      playback: false,
      presets: false,
    });
  });
});

describe('stream tickets', () => {
  it('name one camera until they expire, and refuse altered ones', () => {
    const tickets = new StreamTickets(box, 1000);
    const ticket = tickets.issue(42, 0);
    expect(tickets.verify(ticket, 999)).toBe(42);
    expect(tickets.verify(ticket, 1000)).toBeNull();
    expect(tickets.verify(`${ticket.slice(0, -2)}AA`, 10)).toBeNull();
    expect(
      new StreamTickets(new SecretBox(Buffer.alloc(32, 8).toString('base64url'))).verify(ticket, 10),
    ).toBeNull();
  });
});
