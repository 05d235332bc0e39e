import gcoordModule from 'gcoord';

/** The part of gcoord we use: WGS-84 ↔ GCJ-02 ↔ BD-09 (coordinate systems are named by strings). */
interface Gcoord {
  transform(position: [number, number], from: string, to: string): [number, number];
  WGS84: string;
  GCJ02: string;
  BD09: string;
}

// gcoord's CommonJS build exports the object itself while its types declare an ES default export;
// under Node's ESM interop the default import is that object, so take whichever holds `transform`.
const loaded = gcoordModule as unknown as Gcoord & { default?: Gcoord };
export const gcoord: Gcoord = typeof loaded.transform === 'function' ? loaded : loaded.default!;
