import { schemeTableau10 } from 'd3';
import { noun } from '../../lib/format';
import { useApp } from '../../store/store';
import type { ClashMark, describeClash } from './nocAttempt';

/** Senders' colours; an attempt's leave out Tableau's red, which would read as a conflict. */
const SENDER_COLOURS = schemeTableau10;
const ATTEMPT_COLOURS = schemeTableau10.filter((_, i) => i !== 2);
export const senderColour = (p: number, attempt: boolean) =>
  attempt ? ATTEMPT_COLOURS[p % ATTEMPT_COLOURS.length] : SENDER_COLOURS[p % SENDER_COLOURS.length];

/** Most clash buttons laid over the picture (a fresh squeeze of a big network can have hundreds). */
const MAX_BUTTONS = 200;

/**
 * One button on each marked channel of the step: a click opens that clash (and holds the attempt on
 * screen while it is read).
 */
export function ClashButtons({
  marks,
  step,
  picked,
}: {
  marks: ClashMark[];
  step: number;
  picked: number | null;
}) {
  return (
    <>
      {marks.slice(0, MAX_BUTTONS).map((m) => (
        <button
          key={m.clash}
          type="button"
          className="absolute z-10 h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-danger text-xs font-bold text-surface shadow hover:scale-125"
          style={{ left: m.x, top: m.y, outline: m.clash === picked ? '3px solid #0f172a' : undefined }}
          aria-label={`conflict in step ${step}: show the messages that share this channel`}
          data-testid="noc-clash"
          onClick={(e) => {
            e.stopPropagation();
            useApp.getState().pickClash(m.clash === picked ? null : m.clash);
          }}
        >
          !
        </button>
      ))}
    </>
  );
}

/**
 * The open clash: the step, the channel, and each message that wants it, with its route; in the
 * corner of the picture away from the channel, or in a column on its right (`aside`).
 */
export function ClashDetails({
  detail,
  mark,
  width,
  height,
  aside,
}: {
  detail: ReturnType<typeof describeClash>;
  mark: ClashMark | undefined;
  width: number;
  height: number;
  /**
   * In a column on the right of the picture, under its caption (`top` px), `width` px wide: in
   * lecture mode, whose type makes the box big enough to cover the routes it names (the network is
   * then drawn left of the column).
   */
  aside?: { top: number; width: number };
}) {
  const n = detail.messages.length;
  const left = !mark || mark.x > width / 2;
  const top = !!mark && mark.y > height / 2;
  return (
    <div
      className={`absolute z-20 rounded border border-danger bg-danger-soft/95 px-3 py-2 text-sm text-text shadow ${
        aside
          ? 'right-1 overflow-y-auto'
          : `max-w-[22rem] ${left ? 'left-2' : 'right-2'} ${top ? 'top-14' : 'bottom-2'}`
      }`}
      style={aside ? { top: aside.top, width: aside.width, maxHeight: height - aside.top - 4 } : undefined}
      data-testid="noc-clash-details"
      role="status"
      onClick={(e) => e.stopPropagation()}
    >
      <div className="flex items-start justify-between gap-2">
        <p>
          <b>Step {detail.step}:</b> {n === 2 ? 'two messages' : `${n} messages`} want the channel{' '}
          <b>{detail.channel}</b> at the same time: a conflict, since a channel carries one message a step
          {detail.channel.includes('port') ? ' (the processor has no port left for another)' : ''}.
        </p>
        <button
          type="button"
          className="shrink-0 rounded border border-border bg-surface px-2 text-sm"
          onClick={() => useApp.getState().pickClash(null)}
        >
          Close
        </button>
      </div>
      <ul className="mt-1 space-y-0.5">
        {detail.messages.map((m) => (
          <li key={m.transfer} data-testid="noc-clash-message">
            <span
              className="mr-1 inline-block h-1.5 w-5 rounded align-middle"
              style={{ background: senderColour(m.from, true) }}
            />
            <b>
              from processor {m.from} to processor {m.to}
            </b>
            , through {noun(m.routers.length, 'router')} {m.routers.join(' → ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
