import { useEffect, useRef, useState } from 'react';
import { useServices } from '../store/servicesContext';

/**
 * "Open schedule…": a schedule file (docs/schedule-format.md) from disk, with the file picker or
 * dropped anywhere on the page; app/files/openFile.ts opens it.
 */
export function OpenSchedule({ className }: { className: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { openScheduleFile } = useServices();
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      setDragging(false);
      if (!file) return;
      e.preventDefault();
      void openScheduleFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [openScheduleFile]);
  return (
    <>
      <button
        className={className}
        onClick={() => input.current?.click()}
        title="Open a schedule file: the Lab’s JSON (as `npm run cli -- schedule` writes it), MSCCL XML or TE-CCL output; or drop one on the page"
        data-testid="open-schedule"
      >
        Open schedule…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json,.xml,application/xml,text/xml"
        className="hidden"
        data-testid="open-schedule-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void openScheduleFile(file);
        }}
      />
      {dragging && (
        <div className="pointer-events-none fixed inset-4 z-50 flex items-center justify-center rounded-xl border-4 border-dashed border-info bg-info-soft/80 text-2xl font-semibold text-info">
          Drop a schedule file to verify and show it
        </div>
      )}
    </>
  );
}
