import { describe, expect, it } from 'vitest';
import type { JobHandle } from '../worker/pool';
import { createPaneStore } from './paneStore';
import { createAppServices, NOT_STARTED, type ServiceClients } from './services';

/** Workers that record what they were asked. */
function fakeClients(size: number) {
  const calls: string[] = [];
  const clients: ServiceClients = {
    run: { stopSearch: () => calls.push('stopSearch'), cancel: () => calls.push('cancel') },
    pool: {
      size,
      submit<T>(): JobHandle<T> {
        calls.push('submit');
        return { result: Promise.resolve(null), stop: () => undefined, abort: () => undefined };
      },
    },
  };
  return { clients, calls };
}

describe('the app’s services are owned by the app that made them', () => {
  it('two apps do not share workers or controls', () => {
    const [a, b] = [fakeClients(3), fakeClients(1)];
    const [storeA, storeB] = [createPaneStore(), createPaneStore()];
    const appA = createAppServices(a.clients, storeA);
    const appB = createAppServices(b.clients, storeB);
    appA.stopSearch();
    void appA.submitJob(() => Promise.resolve(null));
    expect(a.calls).toEqual(['stopSearch', 'submit']);
    expect(b.calls).toEqual([]);
    expect([appA.searchWorkers(), appB.searchWorkers()]).toEqual([3, 1]);
    // Stopping a build ends the build of that app's store alone.
    storeB.getState().runStarted();
    appA.stopBuild();
    appB.stopBuild();
    expect(a.calls).not.toContain('cancel');
    expect(b.calls).toEqual(['cancel']);
    expect(storeB.getState().runError).toMatch(/^Stopped/);
    expect(storeA.getState().runError).toBeNull();
    appA.dispose();
    appB.dispose();
  });

  it('a disposed app’s lab no longer starts jobs when its store changes', () => {
    const a = fakeClients(2);
    const store = createPaneStore();
    const app = createAppServices(a.clients, store);
    store.getState().setOptions({ mode: 'explore' });
    expect(a.calls).toEqual(['submit']);
    app.dispose();
    store.getState().setOptions({ mode: 'paper' });
    expect(a.calls).toEqual(['submit']);
  });

  it('before the workers start, a job or a file fails with a message saying so', async () => {
    await expect(NOT_STARTED.submitJob(() => Promise.resolve(1)).result).rejects.toThrow(
      'The workers have not been started yet.',
    );
    const file = new File(['{}'], 'net.json');
    await expect(NOT_STARTED.readNetworkFile(file)).rejects.toThrow('have not started yet');
    await expect(NOT_STARTED.openScheduleFile(file)).rejects.toThrow('net.json was not opened.');
  });

  it('a network file is read on the pool of the app that opens it', async () => {
    const [a, b] = [fakeClients(1), fakeClients(1)];
    const files = {
      run: { runFile: () => Promise.resolve(null) },
      pool: a.clients.pool,
      resume: () => undefined,
    };
    const appA = createAppServices(a.clients, createPaneStore(), files);
    const appB = createAppServices(b.clients, createPaneStore());
    await expect(appA.readNetworkFile(new File(['{}'], 'net.json'))).resolves.toBeNull();
    expect(a.calls).toEqual(['submit']);
    await expect(appB.readNetworkFile(new File(['{}'], 'net.json'))).rejects.toThrow('have not started yet');
    expect(b.calls).toEqual([]);
    appA.dispose();
    appB.dispose();
  });
});
