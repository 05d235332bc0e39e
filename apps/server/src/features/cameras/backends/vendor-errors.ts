import { CameraMessages } from '@iot/contracts/cameras';
import { CameraBackendError } from '../backend.js';
import { VendorTransportError } from './vendor-http.js';

/**
 * What each camera operation says when a vendor refuses or cannot be reached: the texts of
 * feature-areas §8 (CameraMessages). PTZ and presets have none in the spec; theirs are ours.
 */
export const VendorOperationMessages = {
  token: CameraMessages.TOKEN_FAILED,
  play: CameraMessages.NO_PLAY_URL,
  talk: CameraMessages.NO_TALK_URL,
  records: CameraMessages.PLAYBACK_FETCH_FAILED,
  playback: CameraMessages.PLAYBACK_MISSING,
  snapshot: CameraMessages.SNAPSHOT_FAILED,
  ptz: '云台控制失败',
  preset: '预置点操作失败',
  webrtc: CameraMessages.PLAY_FAILED,
  talkChannel: CameraMessages.TALK_NO_CHANNEL,
} as const;
export type VendorOperation = keyof typeof VendorOperationMessages;

/** The operation failed at the vendor with this code (kept for the log, never shown alone). */
export function vendorFailure(operation: VendorOperation, vendorCode?: string | number): CameraBackendError {
  return new CameraBackendError(VendorOperationMessages[operation], vendorCode);
}

/**
 * Runs one vendor step of an operation: a transport failure (timeout, refused connection, HTTP
 * error, not the vendor's format) becomes the operation's message with the kind as its code;
 * a CameraBackendError already worded passes through.
 */
export async function asOperation<T>(operation: VendorOperation, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof CameraBackendError) throw error;
    if (error instanceof VendorTransportError)
      throw vendorFailure(operation, error.status ? `${error.kind}:${error.status}` : error.kind);
    throw error;
  }
}
