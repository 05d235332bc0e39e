import type { GuidePage } from '../guideSteps';

/** One page's screenshot with its numbered markers, and the hints' texts beside or under it. */
export function GuideShot({
  page,
  markers,
  narrow,
}: {
  page: GuidePage;
  markers: { x: number; y: number }[];
  narrow: boolean;
}) {
  return (
    <div className={narrow ? 'guide-page guide-page-narrow' : 'guide-page'} data-testid="guide-page">
      <div className="guide-shot">
        <img src={`/guide/${page.shot}.png`} alt={page.title} />
        {markers.map((marker, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: markers are numbered by their place
            key={index}
            className="guide-marker"
            // Kept whole inside the picture even for a target at its very edge.
            style={{
              left: `clamp(12px, ${marker.x}%, calc(100% - 12px))`,
              top: `clamp(12px, ${marker.y}%, calc(100% - 12px))`,
            }}
          >
            {index + 1}
          </span>
        ))}
      </div>
      <div className="guide-hints">
        <h3>{page.title}</h3>
        <ol>
          {page.hints.map((hint, index) => (
            <li key={hint}>
              <span className="guide-marker guide-marker-inline">{index + 1}</span>
              <span>{hint}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
