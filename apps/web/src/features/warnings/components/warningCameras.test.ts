import type { Camera } from '@iot/contracts/cameras';
import { describe, expect, it } from 'vitest';
import { cameraShots, specTime } from './WarningCameras';

const camera = (id: number, name: string) => ({ id, name }) as Camera;

describe('a warning’s camera snapshots', () => {
  it('says per camera: its image, none yet, or deleted, in the warning’s order', () => {
    const shots = cameraShots([3, 9, 4], [camera(3, '进水口'), camera(4, '出水口')], {
      '3': '/iot/files/cameras/a.jpg',
    });
    expect(shots.map((s) => [s.id, s.state])).toEqual([
      [3, 'image'],
      [9, 'deleted'],
      [4, 'none'],
    ]);
    expect(shots[0]).toMatchObject({ url: '/iot/files/cameras/a.jpg' });
  });

  it('asks for snapshots in China time whatever the browser’s zone', () => {
    expect(specTime(Date.UTC(2026, 10, 25, 1, 2, 3))).toBe('2026-11-25 09:02:03');
  });
});
