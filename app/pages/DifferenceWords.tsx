import { differenceParts, differenceText, type Difference } from '../../src/experiments/compare-differences';

/** A compared schedule's difference from the first, each part ("time −45 %") kept on one line. */
export function DifferenceWords({ d, channel }: { d: Difference; channel: string | null }) {
  const parts = differenceParts(d, channel);
  if (!parts.length) return <>{differenceText(d, channel)}</>;
  return parts.map((part, i) => (
    <span key={i}>
      {i > 0 && ' · '}
      <span className="whitespace-nowrap" data-testid="difference-part">
        {part}
      </span>
    </span>
  ));
}
