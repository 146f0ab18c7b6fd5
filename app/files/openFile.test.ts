import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../src/registry';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { defaultsOf } from '../../src/kernel/params/schema';
import { createPaneStore, type PaneStore } from '../store/paneStore';
import { useApp } from '../store/store';
import type { RunReply, WorkerClient } from '../worker/client';
import { openScheduleFile, reopenKeptFile, type FileWorkers } from './openFile';

/** Workers whose visualizer's worker reports half the file read, then answers with `answer`. */
function workersAnswering(store: PaneStore, answer: () => Promise<RunReply | null>) {
  const seen = { readingMidway: null as unknown, resumed: 0 };
  const workers: FileWorkers = {
    run: {
      runFile(file, onProgress) {
        onProgress?.(5, 10);
        seen.readingMidway = store.getState().reading;
        return answer();
      },
    },
    pool: {
      submit: () => ({ result: Promise.resolve(null), stop: () => undefined, abort: () => undefined }),
    },
    resume: () => seen.resumed++,
  };
  return { workers, seen };
}

const aSchedule = (hash: string): RunReply => {
  const result = run('otis-allreduce', defaultsOf(findAlgorithm('otis-allreduce')!.params), CLI_LIMITS);
  return { result: { ...result, source: { name: 'mine.json', hash } }, totalMs: 1 };
};

describe('opening a schedule file tells the app that opens it, and no other', () => {
  it('a file read whole is shown in that app’s pane, with its progress line there while it is read', async () => {
    const [a, b] = [createPaneStore(), createPaneStore()];
    const { workers, seen } = workersAnswering(a, () => Promise.resolve(aSchedule('abc123')));
    await openScheduleFile(workers, a, new File(['{}'], 'mine.json'));
    expect(seen.readingMidway).toEqual({ name: 'mine.json', done: 5, total: 10 });
    expect(a.getState().reading).toBeNull();
    expect(a.getState().config.file).toBe('abc123');
    expect(a.getState().result?.source?.hash).toBe('abc123');
    // Node has no IndexedDB: the file could not be kept, and that app says so.
    expect(a.getState().notices.map((n) => n.title)).toEqual(['The file is shown but not kept']);
    // Nothing reached the other app or the page's global store.
    for (const other of [b, useApp]) {
      expect(other.getState().config.file).toBeFalsy();
      expect(other.getState().notices).toEqual([]);
    }
  });

  it('a file that cannot be read leaves a notice in that app alone, and the run on screen resumes', async () => {
    const [a, b] = [createPaneStore(), createPaneStore()];
    const { workers, seen } = workersAnswering(a, () => Promise.reject(new Error('line 3: not a schedule')));
    await openScheduleFile(workers, a, new File(['<x/>'], 'bad.xml'));
    expect(a.getState().notices.map((n) => [n.title, n.items[0]])).toEqual([
      ['bad.xml was not opened', 'line 3: not a schedule'],
    ]);
    expect(a.getState().reading).toBeNull();
    expect(seen.resumed).toBe(1);
    expect(b.getState().notices).toEqual([]);
    expect(useApp.getState().notices).toEqual([]);
  });

  it('before the workers start, the notice says so in the app that tried', async () => {
    const a = createPaneStore();
    await openScheduleFile(null, a, new File(['{}'], 'early.json'));
    expect(a.getState().notices[0].items[0]).toMatch(/have not started yet/);
    expect(useApp.getState().notices).toEqual([]);
  });
});

describe('a file opened in one app is remembered by that app alone', () => {
  it('its link reopens it in the app that opened it; another app has not seen it', async () => {
    const [a, b] = [createPaneStore(), createPaneStore()];
    const { workers } = workersAnswering(a, () => Promise.resolve(aSchedule('abc123')));
    await openScheduleFile(workers, a, new File(['{}'], 'mine.json'));
    const read: string[] = [];
    const run = {
      runFile: (file: { name: string }) => (read.push(file.name), Promise.resolve(aSchedule('abc123'))),
      cancel: () => undefined,
    } as unknown as WorkerClient;
    await expect(reopenKeptFile('abc123', run, a)).resolves.toMatchObject({ totalMs: 1 });
    expect(read).toEqual(['mine.json']);
    // Node has no IndexedDB: the other app finds the file nowhere, and says so.
    b.setState((s) => ({ config: { ...s.config, file: 'abc123' } }));
    await expect(reopenKeptFile('abc123', run, b)).rejects.toThrow('this browser has not kept');
    expect(read).toEqual(['mine.json']);
  });
});
