import { runFile } from '../../src/file-formats';
import { oneTransferSchedule } from '../../src/interop/fixtures/one-transfer-schedule';
import { CLI_LIMITS } from '../../src/limits';

/**
 * A schedule file of `nodes` processors with one transfer, 0 → 1 on channel 0 in the phase
 * `spread`, read as the page reads it (the graph view's and graph scene's tests share it).
 */
export const oneTransferFile = (nodes: number) =>
  runFile(oneTransferSchedule(nodes, 'spread'), { name: `one-transfer-${nodes}.json`, hash: '' }, CLI_LIMITS);
