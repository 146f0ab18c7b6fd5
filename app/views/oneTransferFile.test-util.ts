import { runFile } from '../../src/file-formats';
import { CLI_LIMITS } from '../../src/limits';

/**
 * A schedule file of `nodes` processors with one transfer, 0 → 1 on channel 0 in the phase
 * `spread`, read as the page reads it (the graph view's and graph scene's tests share it).
 */
export const oneTransferFile = (nodes: number) =>
  runFile(
    JSON.stringify({
      format: 'optical-collectives/schedule-v1',
      collective: 'scatter',
      nodes,
      links: [{ id: 0, from: 0, to: 1, channels: 1 }],
      blocks: [{ id: 0, origin: 0, to: [1] }],
      steps: [{ phase: 'spread', transfers: [{ from: 0, to: [1], path: [0], channel: 0, blocks: [0] }] }],
    }),
    { name: `one-transfer-${nodes}.json`, hash: '' },
    CLI_LIMITS,
  );
