import { COLORS, wavelengthColor } from '../../lib/colors';
import { describeChannels } from '../../views/wavelengthList';
import { groupColor } from './ringScene';
import { LegendMark } from '../../scene/LegendRow';

/** Swatches the legend shows at most; beyond them it names every wavelength in runs. */
const LEGEND_SWATCHES = 10;

export function RingLegend({
  w,
  used,
  inStep,
  groups,
}: {
  w: number;
  used: number;
  inStep: number[];
  groups: number;
}) {
  // Before the first step, the wavelengths the whole schedule uses.
  const all = inStep.length ? inStep : Array.from({ length: used }, (_, i) => i);
  const listed = all.slice(0, LEGEND_SWATCHES);
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-2 py-1 text-sm text-text">
      <span>
        outer lanes: <b>clockwise</b> fibre · inner lanes: <b>counter-clockwise</b> fibre
      </span>
      <span className="flex flex-wrap items-center gap-x-2">
        <b>
          wavelengths ({used} of {w} used){inStep.length ? `, ${inStep.length} in this step` : ''}:
        </b>
        {listed.map((ch) => (
          <span key={ch} className="inline-flex items-center gap-1">
            <span className="inline-block h-1.5 w-4 rounded" style={{ background: wavelengthColor(ch, w) }} />
            λ{ch}
          </span>
        ))}
        {all.length > listed.length && (
          <span data-testid="ring-channels">… in all: {describeChannels(all)}</span>
        )}
      </span>
      <span className="inline-flex items-center gap-1">
        <LegendMark entry={{ mark: 'ring', colours: [COLORS.arrived] }} />
        received this step
      </span>
      {groups > 0 && (
        <span className="inline-flex items-center gap-1" data-testid="ring-groups">
          <span className="inline-flex">
            {[0, 1, 2].map((i) => (
              <span key={i} className="inline-block h-3 w-2" style={{ background: groupColor(i) }} />
            ))}
          </span>
          {groups} subsets exchanging in this stage
        </span>
      )}
    </div>
  );
}
