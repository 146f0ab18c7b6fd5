import { type NocExtras } from '../../../src/families/noc/noc-picture';
import { COLORS } from '../../lib/colors';
import { plural } from '../../lib/format';
import { ROLE_COLOURS } from './nocRoles';

export function NocLegend({
  bound,
  attempt,
  longer,
}: {
  bound: NocExtras['bound'];
  attempt: boolean;
  longer: boolean;
}) {
  const ring = (colour: string) => (
    <span
      className="mr-1 inline-block h-3 w-3 rounded-full border-2 align-middle"
      style={{ borderColor: colour }}
    />
  );
  return (
    <p className="px-2 pb-1 text-sm text-text" data-testid="noc-legend">
      <span className="mr-1 inline-block h-3 w-3 align-middle" style={{ background: COLORS.node }} /> router ·{' '}
      {ring(ROLE_COLOURS.sender)}sender (T) · {ring(ROLE_COLOURS.receiver)}receiver (R) ·{' '}
      {ring(ROLE_COLOURS.both)}both · {attempt ? '' : 'filled: has all its messages (pale: some) · '}coloured
      paths: this step’s messages, one colour per sender ·{' '}
      {longer ? 'dashed: a route longer than the shortest, its extra hops written on it · ' : ''}
      {attempt ? (
        <span style={{ color: COLORS.conflict }}>
          red dashes and !: a channel two messages want in this step
        </span>
      ) : (
        'click a processor to change its role'
      )}
      {bound && !attempt && (
        <span className="block text-danger" data-testid="noc-bound">
          at the start, in red: why no schedule has fewer than {plural(bound.value, 'step')} — {bound.why}
        </span>
      )}
    </p>
  );
}
