import L from 'leaflet';
import type { DivisionLabel } from '../api';
import { type DisplaySystem, toDisplay } from '../coordinates';

/** From this zoom on, the offline map says plainly that it has no streets (and markers show coordinates). */
export const DETAIL_ZOOM = 12;
/** Labels drawn at once at most: beyond, a county-level view of a whole province would be a blur. */
const MAX_LABELS = 120;

/** Which divisions a zoom shows by name: provinces far out, prefectures, then counties close in. */
function levelsAt(zoom: number): number[] {
  if (zoom < 6) return [1];
  if (zoom < 8) return [2];
  return [2, 3];
}

/**
 * Draws the names of the divisions in view on `layer` (non-interactive DOM labels, the theme's text
 * colour): the offline base map's only text, as the outlines are its only lines.
 */
export function drawLabels(
  map: L.Map,
  layer: L.LayerGroup,
  labels: DivisionLabel[],
  system: DisplaySystem,
  colors: { text: string; halo: string },
): void {
  layer.clearLayers();
  const zoom = map.getZoom();
  const levels = levelsAt(zoom);
  const bounds = map.getBounds().pad(0.1);
  // Larger divisions first; a name that would cover one already placed is left out.
  const placed: { x: number; y: number; w: number }[] = [];
  const wanted = labels
    .filter(([, level, lng, lat]) => levels.includes(level) && Number.isFinite(lng) && Number.isFinite(lat))
    .sort((a, b) => a[1] - b[1]);
  for (const [name, level, lng, lat] of wanted) {
    const [x, y] = toDisplay(lng, lat, system);
    const at = L.latLng(y, x);
    if (!bounds.contains(at)) continue;
    const point = map.latLngToContainerPoint(at);
    const w = 12 * name.length + 8;
    if (placed.some((p) => Math.abs(p.x - point.x) < (p.w + w) / 2 && Math.abs(p.y - point.y) < 16)) continue;
    placed.push({ x: point.x, y: point.y, w });
    const text = document.createElement('span');
    text.textContent = name;
    text.className = `offline-map-label offline-map-label-${level}`;
    Object.assign(text.style, {
      position: 'absolute',
      transform: 'translate(-50%, -50%)',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      color: colors.text,
      fontSize: level === 3 ? '11px' : '12px',
      fontWeight: level === 3 ? '400' : '600',
      textShadow: `0 0 3px ${colors.halo}, 0 0 3px ${colors.halo}`,
    });
    L.marker(at, {
      icon: L.divIcon({ html: text, className: '', iconSize: [0, 0] }),
      interactive: false,
      keyboard: false,
    }).addTo(layer);
    if (placed.length >= MAX_LABELS) break;
  }
}

/** A marker's tooltip: its name, and close in its coordinates (WGS-84, 6 decimals) below it. */
export function markerTooltip(label: string, lng: number, lat: number, detail: boolean): HTMLElement {
  const box = document.createElement('div');
  box.className = 'offline-map-marker-label';
  const name = document.createElement('div');
  name.textContent = label;
  box.append(name);
  if (detail) {
    const where = document.createElement('div');
    where.style.fontSize = '11px';
    where.style.opacity = '0.8';
    where.textContent = `${lng.toFixed(6)}, ${lat.toFixed(6)}`;
    box.append(where);
  }
  return box;
}
