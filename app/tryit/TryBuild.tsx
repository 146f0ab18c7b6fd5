import type { TryView } from '../../src/tryit/try-view';
import { blocksOf, NO_PICK, sendable, type Picking } from './picking';
import { channelColour } from './TryNetwork';
import { TryRoute } from './TryRoute';
import { useTry, useTryStore } from './tryContext';
import type { TryState } from './tryStore';

/**
 * Building the step being edited: the step bar (previous, next, undo, redo, reset), the transfer
 * being picked (sender, receivers, blocks; Add), the circuits of the step on a circuit switch, and
 * the step's transfers with their channel and a Delete.
 */
const button =
  'rounded-md border border-border bg-surface px-2.5 py-1 text-sm font-medium hover:bg-panel disabled:opacity-40';

/** The attempt's history buttons after the step bar: undo, redo and start again. */
const HISTORY_BUTTONS: readonly {
  kind: 'undo' | 'redo' | 'reset';
  text: string;
  title: string;
  enabled: (view: TryView) => boolean;
}[] = [
  { kind: 'undo', text: 'Undo', title: 'Undo (U or Ctrl+Z)', enabled: (v) => v.canUndo },
  { kind: 'redo', text: 'Redo', title: 'Redo (R or Ctrl+Y)', enabled: (v) => v.canRedo },
  {
    kind: 'reset',
    text: 'Reset',
    title: 'Start again from an empty attempt (undo brings it back)',
    enabled: () => true,
  },
];

export function addPicked(view: TryView, p: Picking, edit: TryState['edit']) {
  if (p.from === null || p.to.length === 0) return;
  edit({ kind: 'add', from: p.from, to: p.to, blocks: blocksOf(view, p) });
}

export function TryBuild({ view }: { view: TryView }) {
  const store = useTryStore();
  const { edit } = store.getState();
  const picking = useTry((s) => s.picking);
  const typed = useTry((s) => s.typed);
  const b = view.board;
  const a = view.attempt;
  const step = a.steps[a.at];
  const chosen = blocksOf(view, picking);
  const can = picking.from === null ? [] : sendable(view, picking.from);
  return (
    <section aria-label="Build a step" className="space-y-2 rounded-md bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          className={button}
          onClick={() => edit({ kind: 'previous' })}
          disabled={a.at === 0}
          data-testid="try-previous"
          title="Previous step (P)"
        >
          ← Step
        </button>
        <h2 className="px-1 text-base font-semibold" data-testid="try-step">
          Step {a.at + 1} of {a.steps.length}
        </h2>
        <button
          className={button}
          onClick={() => edit({ kind: 'next' })}
          data-testid="try-next"
          title="Next step (N)"
        >
          Step →
        </button>
        {HISTORY_BUTTONS.map((h) => (
          <button
            key={h.kind}
            className={button}
            onClick={() => edit({ kind: h.kind })}
            disabled={!h.enabled(view)}
            data-testid={`try-${h.kind}`}
            title={h.title}
          >
            {h.text}
          </button>
        ))}
      </div>
      {b.offsets.length > 0 && (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          Circuits of this step:
          <select
            className="rounded-md border border-border bg-surface px-2 py-1"
            value={step?.offset ?? ''}
            onChange={(e) =>
              edit({
                kind: 'offset',
                step: a.at,
                offset: e.target.value === '' ? null : Number(e.target.value),
              })
            }
            data-testid="try-offset"
          >
            <option value="">keep those in force</option>
            {b.offsets.map((o) => (
              <option key={o} value={o}>
                offset {o}
              </option>
            ))}
          </select>
          <span className="text-muted">{view.offsetWords}</span>
        </label>
      )}
      <p className="text-sm" data-testid="try-picking" aria-live="polite">
        {picking.from === null
          ? `Click a sender on the picture, or type its number and press Enter${typed ? ` (typed: ${typed})` : ''}.`
          : `Sender ${picking.from}; receivers ${picking.to.length ? picking.to.join(', ') : '(click or type one)'}${typed ? ` (typed: ${typed})` : ''}. Enter adds the ${b.noun[0]}.`}
      </p>
      {picking.from !== null && (
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          <legend className="sr-only">Blocks to send</legend>
          {can.length === 0 && (
            <span className="text-muted">Node {picking.from} holds nothing yet before this step.</span>
          )}
          {can.map((k) => (
            <label key={k} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={chosen.includes(k)}
                onChange={(e) =>
                  store.getState().setPicking({
                    blocks: e.target.checked
                      ? [...chosen, k].sort((x, y) => x - y)
                      : chosen.filter((x) => x !== k),
                  })
                }
              />
              {b.blockNames[k]}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex gap-1.5">
        <button
          className="rounded-md border border-info bg-info px-2.5 py-1 text-sm font-semibold text-surface hover:bg-info/85 disabled:border-border disabled:bg-panel disabled:text-muted"
          onClick={() => addPicked(view, picking, edit)}
          disabled={picking.from === null || picking.to.length === 0 || chosen.length === 0}
          data-testid="try-add"
        >
          Add {b.noun[0]}
        </button>
        <button
          className={button}
          onClick={() => store.getState().setPicking(NO_PICK)}
          disabled={picking.from === null}
          title="Clear the pick (C)"
        >
          Clear
        </button>
      </div>
      <ol
        className="space-y-1 text-sm"
        aria-label={`The ${b.noun[1]} of step ${a.at + 1}`}
        data-testid="try-transfers"
      >
        {step?.transfers.map((t, i) => (
          <li
            key={i}
            className={`flex flex-wrap items-center gap-2 rounded px-1 ${picking.selected === i ? 'bg-info-soft' : ''}`}
          >
            <span
              className="inline-block h-3 w-3 rounded-full"
              style={{ background: channelColour(t.channel) }}
              aria-hidden
            />
            <button
              className="text-left underline-offset-2 hover:underline"
              onClick={() => store.getState().setPicking({ selected: i })}
              aria-pressed={picking.selected === i}
              title="Select it to change its route"
              data-testid={`try-select-${i}`}
            >
              {t.from} → {t.to.join(', ')}:{' '}
              {t.blocks.length === 1 ? b.blockNames[t.blocks[0]] : `${t.blocks.length} blocks`}
            </button>
            {b.channels > 1 && (
              <select
                aria-label={`Channel of ${b.noun[0]} ${i + 1}`}
                className="rounded border border-border bg-surface px-1"
                value={t.channel}
                onChange={(e) =>
                  edit({ kind: 'channel', ref: { step: a.at, index: i }, channel: Number(e.target.value) })
                }
              >
                {Array.from({ length: b.channels }, (_, c) => (
                  <option key={c} value={c}>
                    {b.kind === 'wdm-ring' || b.kind === 'star' ? `λ${c}` : `channel ${c}`}
                  </option>
                ))}
              </select>
            )}
            <button
              className="text-danger underline"
              onClick={() => edit({ kind: 'delete', ref: { step: a.at, index: i } })}
              aria-label={`Delete ${b.noun[0]} ${i + 1}`}
              data-testid={`try-delete-${i}`}
            >
              Delete
            </button>
          </li>
        ))}
        {!step?.transfers.length && <li className="text-muted">No {b.noun[1]} in this step yet.</li>}
      </ol>
      {picking.selected !== null && <TryRoute view={view} index={picking.selected} />}
    </section>
  );
}
