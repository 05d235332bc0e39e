/**
 * The link platform's token carries its expiry as hexadecimal epoch seconds before the first dot
 * (feature-areas §7), e.g. `6a1b2c3d.9f86d081884c7d65`. Null when the text is not such a token.
 */
export function linkTokenExpiry(token: string): number | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const hex = token.slice(0, dot);
  if (!/^[0-9a-fA-F]{1,12}$/.test(hex)) return null;
  return Number.parseInt(hex, 16) * 1000;
}
