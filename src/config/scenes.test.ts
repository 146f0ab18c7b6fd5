import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../registry';
import { SCENES } from './scenes';
import { decodeConfig, encodeConfig, paneParams } from './url-codec';
import { checkRun, BROWSER_LIMITS } from '../limits';

describe('lecture scenes', () => {
  it.each(SCENES.map((s) => [s.id, s] as const))('%s opens from its permalink exactly', (_, scene) => {
    const c = scene.config();
    const d = decodeConfig(`?${encodeConfig(c)}`);
    expect(d.ignored).toEqual([]);
    expect(d.config).toEqual(c);
  });

  it.each(SCENES.map((s) => [s.id, s] as const))(
    '%s asks only for valid runs the browser allows',
    (_, scene) => {
      const c = scene.config();
      const runs = c.compare.length
        ? c.compare.map((p) => ({ algorithm: p.algorithm, params: paneParams(c, p) }))
        : [{ algorithm: c.algorithm, params: c.params }];
      for (const r of runs) {
        const spec = findAlgorithm(r.algorithm);
        expect(spec, r.algorithm).toBeDefined();
        expect(checkRun(spec!, r.params, BROWSER_LIMITS)).toEqual([]);
      }
    },
  );
});
