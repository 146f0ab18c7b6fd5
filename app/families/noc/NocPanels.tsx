import { useState } from 'react';
import { findCard } from '../../../src/cards';
import { fittedToNetwork, TOPOLOGY_EXAMPLE } from '../../../src/families/noc/noc-topology-file';
import { parseParam, type ParamValue } from '../../../src/kernel/params/schema';
import { readNetworkFile } from '../../files/openFile';
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
 * A network read from a topology file (checked whole in a worker: app/files/openFile.ts) becomes the
 * configuration's: the network's parameters and the communication kept inside it, set in one go,
 * so the link keeps it. Every value was checked before; one the panel's parameter would still refuse
 * changes nothing.
 */
function applyNetwork(network: Record<string, string>): void {
  const app = useApp.getState();
  const defs = findCard(app.config.algorithm)?.params ?? [];
  const values: Record<string, ParamValue> = {};
  for (const [key, text] of Object.entries(network)) {
    const def = defs.find((d) => d.key === key);
    const r = def ? parseParam(def, text) : null;
    if (!r?.ok) throw new Error(`${key} = ${text} is not a value of this algorithm`);
    values[key] = r.value;
  }
  const processors = Number(values['routers']) * Number(values['per-router']);
  const next = { ...values, ...fittedToNetwork({ ...app.config.params, ...values }, processors) };
  for (const [key, value] of Object.entries(next)) app.setParam(key, value);
}

/**
 * Opens a network of one's own: a JSON file `{ "routers": 8, "links": [[0, 1], …],
 * "processorsPerRouter": 2 }`; a bad file says what is wrong and changes nothing.
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
              const network = await readNetworkFile(file);
              if (network) applyNetwork(network);
              setError(null);
            } catch (err) {
              setError(err instanceof Error ? err.message : String(err));
            }
          }}
        />
      </label>
      <p className="mt-1 text-sm text-slate-600">{TOPOLOGY_EXAMPLE}</p>
      {error && (
        <p className="mt-1 text-sm text-red-700" data-testid="noc-topology-error">
          {error}
        </p>
      )}
    </section>
  );
}
