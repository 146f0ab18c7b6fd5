import { findCard } from '../../src/cards';
import { defaultsOf } from '../../src/kernel/params/schema';
import { scheduleCsvChunks, scheduleJsonChunks } from '../../src/kernel/format/schedule-export';
import {
  HOLDINGS_CSV_MAX_ROWS,
  holdingsCsvChunks,
  holdingsRowCount,
} from '../../src/kernel/format/holdings-csv';
import { notesFor } from '../../src/notes/model-notes';
import type { RunResult } from '../../src/result';
import { CSV_TYPE, fileName, JSON_TYPE } from '../lib/download';
import { DownloadButton } from '../lib/DownloadButton';
import { PaperSource } from './PaperSource';
import { useMemo } from 'react';
import { PictureOut } from './PictureOut';
import { InteropOut } from './InteropOut';

/** The file name a download of this result gets (without its extension). */
export function scheduleFileStem(r: RunResult): string {
  if (r.source) return fileName(r.source.name.replace(/\.json$/i, ''), 'export');
  return fileName(r.algorithm, r.variant ?? '', `n${r.topology.nodeCount}`);
}

/**
 * The most transfers the page writes as a file: about 75 bytes of JSON each, so some 300 MB, which a
 * browser tab can hold twice over (the text and the file). Bigger schedules are written by the
 * command line, which streams them.
 */
export const DOWNLOAD_MAX_TRANSFERS = 4_000_000;

/** The command line that writes this result's schedule (the parameters that differ from the defaults). */
export function scheduleCommand(r: RunResult, stem: string): string {
  const card = findCard(r.algorithm);
  if (!card) return '';
  const defaults = defaultsOf(card.params);
  const options = Object.entries(r.params)
    .filter(([k, v]) => defaults[k] !== v)
    .map(([k, v]) => ` --${k} ${String(v).includes(' ') ? `"${v}"` : v}`)
    .join('');
  return `npm run cli -- schedule ${r.algorithm}${options} --out ${stem}.json`;
}

/**
 * Below the formula panel: the schedule on screen as a file (the exchange format's JSON, which
 * `npm run cli -- check` and "Open schedule…" read back, or one CSV line per transfer; both written
 * by the command line's own writers, docs/schedule-format.md), the holdings matrix as a table
 * (holdings-csv.ts: who holds which block from which step), and the paper its closed forms come from,
 * with its citation and model notes.
 */
export function DataOut({ result }: { result: RunResult }) {
  const card = result.source ? undefined : findCard(result.algorithm);
  const stem = scheduleFileStem(result);
  return (
    <div className="mt-3 space-y-2 border-t border-divider pt-2" data-testid="data-out">
      {result.summary.transfers > DOWNLOAD_MAX_TRANSFERS ? (
        <p className="text-sm text-text" data-testid="download-too-big">
          This schedule ({result.summary.transfers.toLocaleString('en-US')} transfers) is too big to write as
          a file in the browser{result.source ? '; it is the file you opened' : ''}.{' '}
          {!result.source && (
            <>
              The command line writes it: <code className="break-all">{scheduleCommand(result, stem)}</code>
            </>
          )}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-1 text-sm text-text">
          <span className="mr-1">Download this schedule:</span>
          <DownloadButton
            label="JSON"
            title="The schedule in the exchange format (checkable with npm run cli -- check)"
            file={`${stem}.json`}
            type={JSON_TYPE}
            make={() => scheduleJsonChunks(result)}
            testId="download-schedule-json"
          />
          <DownloadButton
            label="CSV"
            title="One line per transfer: step, phase, sender, receivers, route, channel, blocks"
            file={`${stem}.csv`}
            type={CSV_TYPE}
            make={() => scheduleCsvChunks(result)}
            testId="download-schedule-csv"
          />
        </div>
      )}
      <HoldingsDownload result={result} stem={stem} />
      <InteropOut result={result} stem={stem} />
      <PictureOut stem={stem} />
      {card && (
        <PaperSource
          paper={card.paper}
          label="Closed forms from"
          notes={notesFor(card.id)}
          testId="formula-paper"
        />
      )}
    </div>
  );
}

/** The holdings matrix as CSV (not for a reduction, whose nodes hold partials, not blocks). */
function HoldingsDownload({ result, stem }: { result: RunResult; stem: string }) {
  const rows = useMemo(() => holdingsRowCount(result.holdings), [result]);
  if (rows === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm text-text" data-testid="holdings-download">
      <span className="mr-1">Download the holdings matrix:</span>
      {rows > HOLDINGS_CSV_MAX_ROWS ? (
        <span data-testid="holdings-too-big">
          {rows.toLocaleString('en-US')} lines, too many to write in the browser
        </span>
      ) : (
        <DownloadButton
          label="CSV"
          title="One line per block and node that comes to hold it, with the step after which it first does (0: from the start): the matrix at every step"
          file={`${stem}-holdings.csv`}
          type={CSV_TYPE}
          make={() => holdingsCsvChunks(result.holdings, result.schedule.blocks)}
          testId="download-holdings-csv"
        />
      )}
    </div>
  );
}
