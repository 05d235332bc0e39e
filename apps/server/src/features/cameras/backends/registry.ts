import { type AggType, CameraTexts } from '@iot/contracts/cameras';
import { badRequest } from '../../../platform/errors.js';
import type { CameraBackend } from '../backend.js';

const NONE = { ptz: false, talk: false, playback: false, presets: false };

/**
 * The back-end of each aggType: the built-in HTTP-FLV one and whatever vendorBackends() gives. A
 * camera whose platform has no back-end here is stored and listed, and every call on it answers
 * 该摄像头平台未配置.
 */
export class CameraBackends {
  private readonly byType = new Map<number, CameraBackend>();

  constructor(backends: CameraBackend[]) {
    // The first one named for a type wins: the built-in comes first.
    for (const backend of backends)
      if (!this.byType.has(backend.aggType)) this.byType.set(backend.aggType, backend);
  }

  /** The back-end of this platform, or 该摄像头平台未配置. */
  of(aggType: number): CameraBackend {
    const backend = this.byType.get(aggType);
    if (!backend) throw badRequest(CameraTexts.PLATFORM_NOT_CONFIGURED);
    return backend;
  }

  supports(aggType: number): CameraBackend['supports'] {
    return this.byType.get(aggType)?.supports ?? NONE;
  }

  configured(): AggType[] {
    return [...this.byType.keys()] as AggType[];
  }
}
