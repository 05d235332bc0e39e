/**
 * Vendor access tokens kept until shortly before they expire (feature-areas §7: "access token by
 * account", "kit token per camera", the link platform's token per camera). Concurrent callers of
 * one key share one request, so a burst of players does not fetch a token each.
 */
export interface ExpiringToken {
  value: string;
  /** Epoch ms after which the vendor refuses it. */
  expiresAt: number;
}

export class TokenCache {
  private readonly tokens = new Map<string, ExpiringToken>();
  private readonly pending = new Map<string, Promise<ExpiringToken>>();

  /**
   * @param marginMs refresh this long before the vendor's expiry, so a token never dies mid-call.
   * @param now the clock (tests move it).
   */
  constructor(
    private readonly marginMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, fetchToken: () => Promise<ExpiringToken>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - this.marginMs > this.now()) return cached.value;
    let request = this.pending.get(key);
    if (!request) {
      request = fetchToken().finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    }
    const token = await request;
    this.tokens.set(key, token);
    return token.value;
  }

  /** The vendor said the token is expired or invalid: the next call fetches a new one. */
  forget(key: string): void {
    this.tokens.delete(key);
  }
}
