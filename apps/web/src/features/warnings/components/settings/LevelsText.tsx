import { LevelTag } from '../WarningTags';

/** The levels a setting applies to, as the warning list's tags; none listed means every level. */
export function LevelsText({ levels }: { levels: number[] }) {
  if (levels.length === 0) return <span>全部等级</span>;
  return (
    <>
      {[...levels].sort().map((level) => (
        <LevelTag key={level} level={level} />
      ))}
    </>
  );
}
