import { findCard } from '../../src/cards';
import { interconnectOf } from '../../src/interconnects';
import { formatCount, formatData, formatTime, formatValue, plural } from '../lib/format';
import { selectFormulas, selectResult, useApp } from '../store/store';
import { ScrollRow } from '../lib/ScrollRow';
import { Tex } from './Tex';
import { DataOut } from './DataOut';
import { formulaNotes } from './formulaNotes';

/** The two value columns (by formula, built), right-aligned and of one width so they line up. */
const VALUE_COLUMN = 'w-24 shrink-0 text-right';
/**
 * A quantity's row: its name, and its two values on the right. Where the panel leaves the name
 * under 8 rem (a narrow panel, lecture type), the values go to a line of their own under it, so a
 * name breaks only between words ("Wavelengths", never "Wav/elen/gths").
 */
const ROW = 'flex flex-wrap items-baseline gap-x-2';
const NAME_COLUMN = 'min-w-32 grow basis-32 break-words';
const VALUES = 'ml-auto flex shrink-0 gap-2';

/**
 * The paper's closed forms next to what the constructed, verified schedule measures; where they
 * differ, the row says why. A value the paper prints for this configuration is shown beside both.
 */
export function FormulaPanel() {
  const result = useApp(selectResult);
  const formulas = useApp(selectFormulas);
  if (!result) return null;
  const { summary, report } = result;
  const nouns = interconnectOf(result.topology.kind);
  const units = findCard(result.algorithm)?.units;
  const notes = formulaNotes(formulas);
  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="formula-panel">
      {/* A schedule from a file has no closed forms: only what was measured. */}
      <h2 className="text-lg font-bold text-text">
        {formulas.length ? 'Paper vs. constructed' : 'Measured'}
      </h2>
      {/* One row per quantity: its name and the two values on one line, the closed form on a line of
          its own below (full width, so it is not cut), then where it comes from. */}
      {formulas.length > 0 && (
        <div className={`mt-1 ${ROW} text-sm text-muted`}>
          <span className={NAME_COLUMN}>quantity</span>
          <span className={VALUES}>
            <span className={VALUE_COLUMN}>by formula</span>
            <span className={VALUE_COLUMN}>built</span>
          </span>
        </div>
      )}
      <ul className="text-sm">
        {formulas.map((f) => {
          const same = Math.abs(f.formula - f.constructed) <= 1e-9 * Math.max(1, Math.abs(f.formula));
          return (
            <li key={f.id} className="border-t border-divider py-1.5" data-testid={`formula-${f.id}`}>
              <div className={ROW}>
                <span className={`${NAME_COLUMN} font-medium text-text`} data-testid="formula-name">
                  {f.label}
                </span>
                <span className={VALUES}>
                  <span className={`${VALUE_COLUMN} tabular-nums`}>{formatValue(f.formula, f.unit)}</span>
                  {f.pending ? (
                    <span className={`${VALUE_COLUMN} text-muted`} data-testid="formula-pending">
                      searching…
                    </span>
                  ) : (
                    <span
                      className={`${VALUE_COLUMN} font-semibold tabular-nums ${same ? 'text-ok' : 'text-warn'}`}
                    >
                      {formatValue(f.constructed, f.unit)} {same ? '✓' : '≠'}
                    </span>
                  )}
                </span>
              </div>
              {/* A very long closed form scrolls on its line rather than widening the panel. */}
              <ScrollRow label={`Formula of ${f.label}, scrolls sideways`} className="py-0.5 text-base">
                <Tex tex={f.tex} />
              </ScrollRow>
              <div className="text-xs text-muted">
                {f.source}
                {f.paper && (
                  <>
                    {' · '}
                    <span className="text-text">
                      paper: {formatValue(f.paper.value, f.unit)} ({f.paper.where})
                    </span>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {notes.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-warn" data-testid="formula-notes">
          {notes.map((f) => (
            <li key={f.id}>{f.note}</li>
          ))}
        </ul>
      )}
      {formulas
        .filter((f) => f.suggest)
        .map((f) => (
          <button
            key={`suggest-${f.id}`}
            className="mt-2 rounded-md border border-info px-3 py-1 text-sm font-semibold text-info hover:bg-info-soft"
            onClick={() => {
              const app = useApp.getState();
              for (const [k, v] of Object.entries(f.suggest!.params)) app.setParam(k, v);
            }}
            data-testid={`suggest-${f.id}`}
          >
            {f.suggest!.label}
          </button>
        ))}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{nouns.transfer.many}</dt>
        <dd className="tabular-nums">{formatCount(summary.transfers)}</dd>
        <dt className="text-muted">most {nouns.transfer.many} on one link</dt>
        <dd className="tabular-nums">{summary.maxLinkLoad}</dd>
        <dt className="text-muted">data delivered</dt>
        <dd className="tabular-nums">{formatData(summary.bytesMoved, units)}</dd>
        <dt className="text-muted">time (time model)</dt>
        <dd className="tabular-nums">
          {Number.isNaN(summary.seconds)
            ? 'not measured (no cost parameters)'
            : formatTime(summary.seconds, units)}
        </dd>
      </dl>
      <VerifyBadge
        ok={report.ok}
        total={report.total}
        transfers={report.checked.transfers}
        first={report.violations.slice(0, 5).map((v) => v.message)}
        goal={findCard(result.algorithm)?.goal}
        channel={nouns.channel.name}
      />
      <DataOut result={result} />
    </section>
  );
}

function VerifyBadge({
  ok,
  total,
  transfers,
  first,
  goal,
  channel,
}: {
  ok: boolean;
  total: number;
  transfers: number;
  first: string[];
  goal?: string;
  /** What the model calls a channel (wavelength, channel). */
  channel: string;
}) {
  if (ok)
    return (
      <p className="mt-3 rounded bg-ok-soft px-2 py-1.5 text-sm text-ok" data-testid="verified">
        ✓ Verified: {plural(transfers, 'transfer')} checked — no {channel} clashes, every block sent was held,{' '}
        {goal ?? 'every node ends with every block'}.
      </p>
    );
  return (
    <div className="mt-3 rounded bg-danger-soft px-2 py-1.5 text-sm text-danger" data-testid="verified">
      ✗ {plural(total, 'violation')} found by the verifier:
      <ul className="list-disc pl-5">
        {first.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
