import { describe, expect, it } from 'vitest';
import { decodeConfig } from '../../../src/config/url-codec';
import readme from '../../../README.md?raw';
import { lectureSceneConfig, lectureSceneHref } from './lectureScene';

describe('the passive-star lecture scene', () => {
  it('is a valid permalink that reopens the paper’s example in lecture mode', () => {
    const d = decodeConfig(lectureSceneHref());
    expect(d.ignored).toEqual([]);
    expect(d.config).toEqual(lectureSceneConfig());
    expect(d.config.params).toMatchObject({ nodes: 64, 'wavelengths-per-node': 3, 'split-steps': 2 });
    expect(d.config.options.lecture).toBe(true);
  });

  it('is the link the README gives', () => {
    expect(readme).toContain(`/${lectureSceneHref()}`);
  });
});
