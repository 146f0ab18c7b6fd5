import { useState } from 'react';
import { encodeConfig, VIEWS, type ViewName } from '../../src/config/url-codec';
import { selectOptions, useApp } from '../store/store';

// 'ring' is the network drawing of any model (ring, star, …); the key stays for permalinks.
const VIEW_LABEL: Record<ViewName, string> = { ring: 'Network', matrix: 'Holdings', split: 'Both' };

export function Header() {
  const options = useApp(selectOptions);
  const status = useApp((s) => s.status);
  const ms = useApp((s) => s.resultMs);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      // From the store, not the address bar: URL writes are throttled while playing.
      const url = `${location.origin}${location.pathname}?${encodeConfig(useApp.getState().config)}`;
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Copy the address bar');
    }
    setTimeout(() => setCopied(null), 2000);
  };
  const btn =
    'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100';
  return (
    <header className="flex items-center gap-4 border-b border-slate-200 bg-white px-4 py-2">
      <h1 className="text-xl font-bold tracking-tight text-slate-900">Optical Collectives Lab</h1>
      <span
        className="text-sm text-slate-500"
        data-testid="result-status"
        data-status={status}
        title="The simulation core runs in a background worker"
      >
        {status === 'running'
          ? 'computing…'
          : status === 'ready'
            ? `computed in ${ms.toFixed(0)} ms`
            : status === 'error'
              ? 'no result'
              : ''}
      </span>
      <div className="ml-auto flex items-center gap-2">
        <div
          className="flex overflow-hidden rounded-md border border-slate-300"
          role="group"
          aria-label="View"
        >
          {VIEWS.map((v) => (
            <button
              key={v}
              className={`px-3 py-1.5 text-sm font-medium ${options.view === v ? 'bg-slate-800 text-white' : 'bg-white hover:bg-slate-100'}`}
              onClick={() => useApp.getState().setOptions({ view: v })}
              aria-pressed={options.view === v}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </div>
        <button
          className={btn}
          onClick={() => useApp.getState().setOptions({ lecture: !options.lecture })}
          aria-pressed={options.lecture}
          title="Large type, no side panel (L)"
        >
          {options.lecture ? 'Exit lecture mode' : 'Lecture mode'}
        </button>
        <button className={btn} onClick={copy} data-testid="copy-link">
          {copied ?? 'Copy link'}
        </button>
      </div>
    </header>
  );
}
