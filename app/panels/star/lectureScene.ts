import { findAlgorithm } from '../../../src/algorithms/registry';
import { encodeConfig, type AppConfig } from '../../../src/config/url-codec';
import { defaultsOf } from '../../../src/params/schema';

/**
 * The passive-star paper's running example as a lecture scene: 64 processors, k = 3, the split
 * broadcast with h′ = 2 (our reading of Figure 5, docs/models/star.md), in lecture mode.
 */
export function lectureSceneConfig(): AppConfig {
  const spec = findAlgorithm('star-broadcast')!;
  return {
    algorithm: spec.id,
    params: {
      ...defaultsOf(spec.params),
      nodes: 64,
      'wavelengths-per-node': 3,
      'tuning-delay': 0.1,
      messages: 64,
      variant: 'split',
      'split-steps': 2,
    },
    step: 0,
    options: { view: 'ring', lecture: true, speed: '1' },
  };
}

/** The scene's permalink (a query string, relative to the app). */
export const lectureSceneHref = () => `?${encodeConfig(lectureSceneConfig())}`;
