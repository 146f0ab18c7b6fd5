import { describe, expect, it } from 'vitest';
import { scheduleCsvChunks, scheduleJsonChunks } from '../kernel/format/schedule-export';
import { CLI_LIMITS, paramsFromRaw } from '../limits';
import { findAlgorithm } from '../registry';
import { run } from '../run';
import { outputBytes } from './output-size';

// schedule counts its output before writing it; the count must be near what it writes.

const CASES: [string, Record<string, string>][] = [
  ['ring-allgather', { nodes: '64', wavelengths: '4' }],
  ['otis-allreduce', { 'group-size': '36', method: 'direct' }],
  ['noc-scatter', { topology: 'mesh:4x4', pattern: 'aas', method: 'constructive' }],
  ['noc-broadcast', { topology: 'mesh:4x4', pattern: 'aab', method: 'constructive' }],
  ['star-gossip', { nodes: '64' }],
  ['retri', { nodes: '81' }],
  ['wrht', { nodes: '100', wavelengths: '4' }],
];

describe('the size schedule counts before writing', () => {
  for (const [algorithm, raw] of CASES)
    it(`${algorithm}: within 10 % of what it writes, JSON and CSV`, () => {
      const r = run(algorithm, paramsFromRaw(findAlgorithm(algorithm)!, raw), CLI_LIMITS);
      for (const format of ['json', 'csv'] as const) {
        const chunks = format === 'json' ? scheduleJsonChunks(r) : scheduleCsvChunks(r);
        const written = [...chunks].join('').length;
        expect(outputBytes(r, format) / written).toBeGreaterThan(0.9);
        expect(outputBytes(r, format) / written).toBeLessThan(1.1);
      }
    });
});
