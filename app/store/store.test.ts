import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/url-codec';
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
