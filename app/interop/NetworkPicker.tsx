import { useState } from 'react';
import type { InteropView } from '../../src/config/interop-link';
import { customNetworkLink } from '../../src/interop/network-link';
import { useNetworkFile } from '../files/useNetworkFile';
import { FileButton } from '../lib/FileButton';
import { usePaneStore } from '../store/paneContext';
import { setInteropView } from './fileView';

/**
 * The network an imported schedule is drawn and checked on, and the stretch toggle: each change is
 * written into the link (`net=`, `stretch=`) and the file is read again in the worker on that network.
 * A network that does not fit the file is refused there, with the reason; the last picture stays.
 * Its fields follow the link, so Back and Forward show the network they go to.
 */
const KINDS = ['full', 'ring', 'mesh', 'torus', 'custom'] as const;
type Kind = (typeof KINDS)[number];
const KIND_TEXT: Record<Kind, string> = {
  full: 'fully connected',
  ring: 'WDM ring',
  mesh: '2D mesh',
  torus: '2D torus',
  custom: 'your network (JSON)',
};

/** The grid closest to square that `ranks` fill, one rank per router. */
function squareGrid(ranks: number): [number, number] {
  let rows = Math.floor(Math.sqrt(ranks));
  while (rows > 1 && ranks % rows) rows--;
  return [rows, ranks / rows];
}

function kindOf(net: string): Kind {
  const k = net.split(':')[0];
  return (KINDS as readonly string[]).includes(k) ? (k as Kind) : 'full';
}

const inputClass = 'w-16 rounded border border-border px-1 py-0.5 text-sm';

/**
 * A field's text that follows the link: what the user types while the link keeps it, the link's
 * value again whenever the link changes (Back, Forward, a link opened), as every parameter panel does.
 */
function useFollow(fromLink: string): [string, (text: string) => void] {
  const [text, setText] = useState(fromLink);
  const [seen, setSeen] = useState(fromLink);
  if (seen !== fromLink) {
    setSeen(fromLink);
    setText(fromLink);
  }
  return [text, setText];
}

export function NetworkPicker({ view, ranks }: { view: InteropView; ranks: number }) {
  const store = usePaneStore();
  const kind = kindOf(view.net);
  const set = (net: string) => setInteropView(store, { ...view, net });
  const [error, readNetwork, clearError] = useNetworkFile((params) => set(customNetworkLink(params)));
  const grid = /^(?:mesh|torus):(\d+)x(\d+)$/.exec(view.net);
  const [wavelengths, setWavelengths] = useFollow(/^ring:(\d+)$/.exec(view.net)?.[1] ?? '');
  const [rows, setRows] = useFollow(grid?.[1] ?? '');
  const [cols, setCols] = useFollow(grid?.[2] ?? '');
  const choose = (k: Kind) => {
    clearError();
    if (k === 'full') set('');
    else if (k === 'ring') set('ring');
    else if (k === 'mesh' || k === 'torus') set(`${k}:${squareGrid(ranks).join('x')}`);
  };
  const setGrid = (r: string, c: string) => {
    setRows(r);
    setCols(c);
    if (/^\d+$/.test(r) && /^\d+$/.test(c) && +r > 0 && +c > 0) set(`${kind}:${r}x${c}`);
  };
  const gridSide = (value: string, name: string, onChange: (v: string) => void) => (
    <input
      className={inputClass}
      type="number"
      min={1}
      value={value}
      aria-label={name}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <div className="space-y-1 text-sm" data-testid="interop-network">
      <label className="flex items-center gap-2">
        <span className="text-muted">network</span>
        <select
          className="min-w-0 flex-1 rounded border border-border px-1 py-0.5"
          value={kind}
          data-testid="interop-network-kind"
          onChange={(e) => choose(e.target.value as Kind)}
        >
          {KINDS.map((k) => (
            <option key={k} value={k} disabled={k === 'custom' && kind !== 'custom'}>
              {KIND_TEXT[k]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'ring' && (
        <label className="flex items-center gap-2">
          <span className="text-muted">wavelengths per fibre</span>
          <input
            className={inputClass}
            type="number"
            min={1}
            placeholder="any"
            value={wavelengths}
            data-testid="interop-wavelengths"
            onChange={(e) => {
              const w = e.target.value;
              setWavelengths(w);
              if (w === '') set('ring');
              else if (/^\d+$/.test(w) && +w >= 1) set(`ring:${w}`);
            }}
          />
        </label>
      )}
      {grid && (
        <span className="flex items-center gap-1">
          <span className="text-muted">routers</span>
          {gridSide(rows, 'rows', (r) => setGrid(r, cols))}×
          {gridSide(cols, 'columns', (c) => setGrid(rows, c))}
        </span>
      )}
      <FileButton
        className="inline-block rounded border border-border px-2 py-0.5 hover:bg-panel"
        testId="interop-network-file"
        onFile={readNetwork}
      >
        Your network (JSON)…
      </FileButton>
      {error && (
        <p className="text-danger" data-testid="interop-network-error">
          {error}
        </p>
      )}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={view.stretch}
          data-testid="interop-stretch"
          onChange={(e) => setInteropView(store, { ...view, stretch: e.target.checked })}
        />
        <span>stretch: re-time into steps without conflicts</span>
      </label>
    </div>
  );
}
