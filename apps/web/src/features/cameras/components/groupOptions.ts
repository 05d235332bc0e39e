import type { CameraGroupOption } from '@iot/contracts/cameras';

export interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}

/** The project's areas and sites (from the cameras' own group call) as TreeSelect data. */
export function groupOptions(groups: CameraGroupOption[] | undefined): GroupOption[] {
  const all = groups ?? [];
  const ids = new Set(all.map((g) => g.id));
  const walk = (g: CameraGroupOption): GroupOption => ({
    value: g.id,
    title: g.name,
    children: all.filter((c) => c.parentId === g.id).map(walk),
  });
  return all.filter((g) => g.parentId === null || !ids.has(g.parentId)).map(walk);
}
