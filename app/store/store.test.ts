import { afterEach, describe, expect, it } from 'vitest';
import { findCard } from '../../src/cards';
import { defaultConfig } from '../../src/config/url-codec';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { RunResult } from '../../src/result';
import { selectStep, useApp } from './store';

const resultOf = (steps: number) => ({ schedule: { stepCount: steps } }) as unknown as RunResult;

describe('the step shown', () => {
  afterEach(() => useApp.setState({ config: defaultConfig(), result: null, compared: null }));

  it('never passes the schedule on screen, while a link’s step waits for its own schedule', () => {
    useApp.setState({ result: resultOf(7), config: { ...defaultConfig(), step: 999_999_999 } });
    expect(selectStep(useApp.getState())).toBe(7);
    useApp.setState({ config: { ...defaultConfig(), step: 5 } });
    expect(selectStep(useApp.getState())).toBe(5);
  });

  it('in compare mode, follows the longest compared schedule', () => {
    const config = defaultConfig();
    config.options = { ...config.options, mode: 'compare' };
    useApp.setState({
      result: resultOf(2),
      config: { ...config, step: 16 },
      compared: [
        { ok: true, result: resultOf(12) },
        { ok: true, result: resultOf(16) },
      ] as never,
    });
    expect(selectStep(useApp.getState())).toBe(16);
  });
});

describe('the result shown is always of the configuration’s algorithm', () => {
  const result = (algorithm: string, steps = 7) =>
    ({ algorithm, params: {}, schedule: { stepCount: steps }, summary: { steps } }) as unknown as RunResult;
  afterEach(() =>
    useApp.setState({ config: defaultConfig(), result: null, compared: null, notices: [], search: null }),
  );

  it('switching algorithm drops the other algorithm’s picture; a late answer of it is not shown', () => {
    useApp.setState({ config: defaultConfig('star-scatter'), result: result('star-scatter') });
    useApp.getState().setAlgorithm('noc-scatter');
    expect(useApp.getState().result).toBeNull();
    // The star's run was still on its way: it arrives after the switch.
    useApp.getState().runSucceeded(result('star-scatter'), 1);
    expect(useApp.getState().result).toBeNull();
    useApp.getState().resultImproved(result('star-scatter'));
    expect(useApp.getState().result).toBeNull();
    const noc = result('noc-scatter');
    useApp.getState().runSucceeded(noc, 1);
    expect(useApp.getState().result).toBe(noc);
  });

  it('a parameter change keeps the picture while the new one is built (same algorithm)', () => {
    const ring = result('ring-allgather');
    useApp.setState({ config: defaultConfig('ring-allgather'), result: ring });
    useApp.getState().setParam('nodes', 9);
    expect(useApp.getState().result).toBe(ring);
  });

  it('from the mesh’s EDN method to the NoC scatter: the NoC’s own method, and the run is accepted', () => {
    const c = defaultConfig('mesh-allreduce');
    useApp.setState({ config: { ...c, params: { ...c.params, side: 4, root: 13, method: 'edn' } } });
    useApp.getState().setAlgorithm('noc-scatter');
    const { params } = useApp.getState().config;
    expect(params.method).toBe('hybrid');
    expect(params.root).toBe(13);
    expect(checkRun(findCard('noc-scatter')!, params, BROWSER_LIMITS)).toEqual([]);
  });
});

describe('a step past the schedule', () => {
  afterEach(() => useApp.setState({ config: defaultConfig(), result: null, notices: [], search: null }));
  const result = (steps: number, params = defaultConfig('noc-scatter').params) =>
    ({
      algorithm: 'noc-scatter',
      params,
      schedule: { stepCount: steps },
      summary: { steps },
    }) as unknown as RunResult;

  it('is said once, for the step the link asked for; a shorter schedule found later clamps in silence', () => {
    const config = { ...defaultConfig('noc-scatter'), step: 99 };
    useApp.getState().loadConfig(config);
    useApp.getState().runSucceeded(result(20, config.params), 1);
    expect(useApp.getState().config.step).toBe(20);
    expect(useApp.getState().notices.map((n) => n.items[0])).toEqual([
      'step 99 is past the last step (20); showing step 20',
    ]);
    // The search finds 18 steps: the step follows, without a notice about a step 20 nobody asked for.
    useApp.getState().resultImproved(result(18, config.params));
    expect(useApp.getState().config.step).toBe(18);
    expect(useApp.getState().notices).toHaveLength(1);
  });

  it('is not judged by the schedule of another configuration still on screen', () => {
    const config = { ...defaultConfig('noc-scatter'), step: 15 };
    useApp.getState().loadConfig(config);
    // The previous configuration's answer (same algorithm, other parameters) arrives first.
    useApp.getState().runSucceeded(result(10, { ...config.params, seed: 77 }), 1);
    expect(useApp.getState().config.step).toBe(15);
    expect(useApp.getState().notices).toEqual([]);
  });
});
