import { findScene } from '../../../src/config/scenes';
import { encodeConfig, type AppConfig } from '../../../src/config/url-codec';

/**
 * The passive-star paper's running example as a lecture scene (defined with the other scenes in
 * src/config/scenes.ts): 64 processors, k = 3, the split broadcast with h′ = 2.
 */
export function lectureSceneConfig(): AppConfig {
  return findScene('star-64')!.config();
}

/** The scene's permalink (a query string, relative to the app). */
export const lectureSceneHref = () => `?${encodeConfig(lectureSceneConfig())}`;
