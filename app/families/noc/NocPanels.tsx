import { findCard } from '../../../src/cards';
import { fittedToNetwork, TOPOLOGY_EXAMPLE } from '../../../src/families/noc/noc-topology-file';
import { parseParam, type ParamValue } from '../../../src/kernel/params/schema';
import { useNetworkFile } from '../../files/useNetworkFile';
import { FileButton } from '../../lib/FileButton';
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
  const [error, read] = useNetworkFile(applyNetwork);
  return (
    <section className="rounded-lg border border-divider bg-surface p-4 text-base" data-testid="noc-topology">
      <h2 className="text-lg font-semibold">Your own network</h2>
      <FileButton
        className="mt-1 inline-block rounded-md border border-border px-3 py-1"
        testId="noc-topology-file"
        onFile={read}
      >
        Open topology (JSON)…
      </FileButton>
      <p className="mt-1 text-sm text-muted">{TOPOLOGY_EXAMPLE}</p>
      {error && (
        <p className="mt-1 text-sm text-danger" data-testid="noc-topology-error">
          {error}
        </p>
      )}
    </section>
  );
}
