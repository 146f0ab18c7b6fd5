import { useState } from 'react';
import { topologyFromJson } from '../../../src/families/noc/noc.card';
import { idsOfRanges, rangesText } from '../../../src/kernel/params/schema';
import { useApp } from '../../store/store';
import { NocSearchPanel } from './NocSearchPanel';

/** The NoC family's panels: a network of one's own from a file, and the search. */
export function NocPanels() {
  return (
    <>
      <TopologyFile />
      <NocSearchPanel />
    </>
  );
}

/**
 * Keeps the senders, receivers and root inside a network of P processors: ids beyond it are dropped;
 * a set left empty becomes the first (senders) or second (receivers) half.
 */
function fitSets(P: number) {
  const app = useApp.getState();
  const params = app.config.params;
  const half = Math.max(1, Math.floor(P / 2));
  const fit = (key: string, fallback: number[]) => {
    const kept = idsOfRanges(String(params[key] ?? '')).filter((v) => v < P);
    app.setParam(key, rangesText(kept.length ? kept : fallback));
  };
  fit('senders', [...Array(half).keys()]);
  fit(
    'receivers',
    [...Array(P - half).keys()].map((i) => half + i),
  );
  if (Number(params['root']) >= P) app.setParam('root', 0);
}

/**
 * Opens a network of one's own: a JSON file `{ "routers": 8, "links": [[0, 1], …],
 * "processorsPerRouter": 2 }` becomes the parameters that carry it (routers, links, processors per
 * router), so the link keeps it; a bad file says what is wrong and changes nothing.
 */
function TopologyFile() {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-base" data-testid="noc-topology">
      <h2 className="text-lg font-semibold">Your own network</h2>
      <label className="mt-1 inline-block cursor-pointer rounded-md border border-slate-300 px-3 py-1">
        Open topology (JSON)…
        <input
          type="file"
          accept=".json,application/json"
          className="sr-only"
          data-testid="noc-topology-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            try {
              const params = topologyFromJson(await file.text());
              const app = useApp.getState();
              for (const [k, v] of Object.entries(params))
                app.setParam(k, k === 'links' || k === 'network' ? v : Number(v));
              fitSets(Number(params.routers) * Number(params['per-router']));
              setError(null);
            } catch (err) {
              setError(`${file.name}: ${err instanceof Error ? err.message : String(err)}`);
            }
          }}
        />
      </label>
      <p className="mt-1 text-sm text-slate-600">
        {'{ "routers": 8, "links": [[0, 1], [1, 2], …], "processorsPerRouter": 2 }'}
      </p>
      {error && (
        <p className="mt-1 text-sm text-red-700" data-testid="noc-topology-error">
          {error}
        </p>
      )}
    </section>
  );
}
