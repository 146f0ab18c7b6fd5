import { describe, expect, it } from 'vitest';
import { findCard } from '../../src/cards';
import { defaultsOf } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import { DOWNLOAD_MAX_TRANSFERS, scheduleCommand, scheduleFileStem } from './DataOut';

const result = (algorithm: string, params: Record<string, string | number>, extra: Partial<RunResult> = {}) =>
  ({
    algorithm,
    params: { ...defaultsOf(findCard(algorithm)?.params ?? []), ...params },
    topology: { nodeCount: Number(params.nodes ?? 8) },
    ...extra,
  }) as unknown as RunResult;

describe('the schedule download', () => {
  it('names the file after the algorithm, its variant and size, or after the file opened', () => {
    expect(scheduleFileStem(result('retri', { nodes: 27 }))).toBe('retri-n27');
    expect(scheduleFileStem(result('neighbor-exchange', { nodes: 9 }, { variant: 'odd relay' }))).toBe(
      'neighbor-exchange-odd-relay-n9',
    );
    expect(
      scheduleFileStem(result('file', {}, { source: { name: 'my run (2).json', hash: 'ab12cd34' } })),
    ).toBe('my-run-2-export');
  });

  it('too big for the browser: the command line that writes it, with only the settings changed', () => {
    expect(DOWNLOAD_MAX_TRANSFERS).toBeGreaterThanOrEqual(1_000_000);
    expect(
      scheduleCommand(result('retri', { nodes: 2187, reconfigure: '0,1,1,1,1,1,1' }), 'retri-n2187'),
    ).toBe('npm run cli -- schedule retri --nodes 2187 --reconfigure 0,1,1,1,1,1,1 --out retri-n2187.json');
    expect(scheduleCommand(result('ring-allgather', {}), 'x')).toBe(
      'npm run cli -- schedule ring-allgather --out x.json',
    );
    expect(scheduleCommand(result('file', {}), 'x')).toBe('');
  });
});
