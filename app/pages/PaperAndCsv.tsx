import type { ComponentProps, ReactNode } from 'react';
import type { PaperRef } from '../../src/kernel/papers';
import { notesForPaper } from '../../src/notes/model-notes';
import { CSV_TYPE } from '../lib/download';
import { DownloadButton } from '../lib/DownloadButton';
import { PaperSource } from '../panels/PaperSource';

/**
 * The head of a page that sets our numbers beside a paper's (a sweep, a paper check): the paper with
 * its model notes and, beside it, what the data holds so far with a button that downloads it as CSV.
 */
export function PaperAndCsv({
  paper,
  testId,
  className,
  data,
  csv,
}: {
  paper: PaperRef;
  /** The paper block's test id. */
  testId: string;
  /** Spacing above. */
  className: string;
  /** Words before the button: what the CSV holds now. */
  data: ReactNode;
  csv: Omit<ComponentProps<typeof DownloadButton>, 'label' | 'type'>;
}) {
  return (
    <div className={`${className} flex flex-wrap items-start gap-x-6 gap-y-2`}>
      <div className="max-w-xl flex-1">
        <PaperSource paper={paper} notes={notesForPaper(paper)} label="Paper" testId={testId} />
      </div>
      <div className="flex items-center gap-2 text-sm text-text">
        <span>{data}:</span>
        <DownloadButton label="Download CSV" type={CSV_TYPE} {...csv} />
      </div>
    </div>
  );
}
