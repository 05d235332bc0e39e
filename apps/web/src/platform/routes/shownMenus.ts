import type { MenuEntry } from '@iot/contracts/menus';
import type { GeneratedRoute } from './generate';
import { hasScreen } from './screenRegistry';

/**
 * The entries a menu shows: not hidden, a link, or a screen the web app ships; a container only
 * while one of its children shows. The server hands out every entry the role grants; the web app
 * alone knows which screens it has, so it filters (decision 0035). Routes of unshown entries
 * still answer, for bookmarks.
 */
export function shownMenus(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.hidden) return [];
    if (entry.linkUrl) return [entry];
    if (entry.component) return hasScreen(entry.component) ? [entry] : [];
    const children = shownMenus(entry.children);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The first route a menu would show: where entering a scope lands. */
export function firstShownRoute(routes: GeneratedRoute[]): GeneratedRoute | undefined {
  return routes.find((route) => !route.hidden && hasScreen(route.component));
}
