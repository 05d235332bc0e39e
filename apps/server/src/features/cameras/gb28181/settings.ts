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

export const GB_SIP_DEFAULTS = {
  port: 5060,
  host: '0.0.0.0',
  id: '34020000002000000001',
  keepaliveTimeoutSeconds: 180,
  requestTimeoutMs: 8000,
} as const;

/** A GB28181 id: 20 decimal digits (GB/T 28181-2016 Annex D). */
export const GB_ID = /^\d{20}$/;
