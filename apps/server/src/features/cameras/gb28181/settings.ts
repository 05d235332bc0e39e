/**
 * The platform's GB28181 SIP server (decision 0070), from CAMERA_GB28181_SIP_* (see the README).
 * Off unless a password is set: devices authenticate with it, and there is no safe default.
 */
export interface GbSipSettings {
  /** UDP and TCP port, both (default 5060; 0 picks a free one — tests). */
  port: number;
  /** Address to bind (default 0.0.0.0). */
  host: string;
  /** The platform's 20-digit SIP id (default 34020000002000000001). */
  id: string;
  /** The SIP domain, also the digest realm (default: the first 10 digits of the id). */
  domain: string;
  password: string | undefined;
  /** A device silent this long after its last keepalive (or REGISTER) goes offline: 3 × 60 s by default. */
  keepaliveTimeoutMs: number;
  /** How long a device may take to answer one request (MESSAGE, INVITE, a query's answer). */
  requestTimeoutMs: number;
}

/** How long a device may take to answer one request or query (the media wait is the back-end's own 8 s). */
export const GB_REQUEST_TIMEOUT_MS = 8000;

/** A GB28181 id: 20 decimal digits (GB/T 28181-2016 Annex D). */
export const GB_ID = /^\d{20}$/;
