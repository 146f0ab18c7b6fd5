import type { ExportSource } from '../../src/interop/export-source';
import { JSON_TYPE, XML_TYPE, ZIP_TYPE } from '../lib/download';
import { DownloadButton } from '../lib/DownloadButton';

/**
 * The schedule on screen for other tools (docs/interop.md, "Exports"): an MSCCL algorithm for the
 * runtimes in NCCL and RCCL, Chakra execution traces for ASTRA-sim (one per rank, in a ZIP), and the
 * step timeline for Perfetto. Each writer is loaded when first asked for and works in slices, so the
 * page stays responsive; a schedule a format cannot hold (a runtime's limit) gets the reason beside
 * its button, and the result on screen stays.
 */
export function InteropOut({ result, stem }: { result: ExportSource; stem: string }) {
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm text-text" data-testid="interop-out">
      <span className="mr-1">For other tools:</span>
      <DownloadButton
        label="MSCCL XML"
        title="The schedule as an MSCCL algorithm for NCCL's and RCCL's MSCCL runtimes: a threadblock per peer, direction and channel, keeping each rank's step order"
        file={`${stem}.msccl.xml`}
        type={XML_TYPE}
        make={async () =>
          (await import('../../src/interop/msccl-export/msccl-export')).mscclXmlChunks(result)
        }
        testId="download-msccl"
      />
      <DownloadButton
        label="Chakra traces (ZIP)"
        title="Chakra execution traces for ASTRA-sim: one .et file per rank, sends and receives with their dependencies and sizes, reductions as compute nodes"
        file={`${stem}-chakra.zip`}
        type={ZIP_TYPE}
        make={async () => (await import('../../src/interop/chakra/chakra-export')).chakraZipParts(result)}
        testId="download-chakra"
      />
      <DownloadButton
        label="Timeline (Perfetto)"
        title="The step timeline as Trace Event JSON for Perfetto or chrome://tracing: a track per rank, every transfer lasting its step under the time model"
        file={`${stem}.trace.json`}
        type={JSON_TYPE}
        make={async () => (await import('../../src/interop/trace/trace-export')).traceJsonChunks(result)}
        testId="download-trace"
      />
    </div>
  );
}
