/**
 * The menu component keys the web app has a screen for. app/screens.tsx owns the screens (it imports
 * every feature) and registers their keys here at start-up, so the menu rules below the features can
 * ask "is this screen built?" without importing the features back (decision 0035: the server hands
 * out every entry a role grants; the web app alone knows which it ships).
 */
let shipped: ReadonlySet<string> = new Set();

export function registerScreens(keys: Iterable<string>): void {
  shipped = new Set(keys);
}

/** Whether the web app ships the screen of this menu component key. */
export function hasScreen(component: string | null): boolean {
  return component !== null && shipped.has(component);
}
