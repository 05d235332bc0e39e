/** A device cannot be asked anything: not registered, registration run out, or offline. */
export class GbUnreachableError extends Error {
  override name = 'offline';
  constructor(readonly deviceId: string) {
    super(`GB28181 device ${deviceId} is not online`);
  }
}

/** A device answered a request with a failure status. */
export class GbRefusedError extends Error {
  override name = 'refused';
  constructor(readonly status: number) {
    super(`GB28181 device answered ${status}`);
  }
}
