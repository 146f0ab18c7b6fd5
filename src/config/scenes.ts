import { FAMILIES } from '../family-list';
import type { PaperRef } from '../kernel/spec';
import { defaultConfig, type AppConfig } from './url-codec';

/**
 * Lecture scenes: ready configurations for a paper's worked example, opened from the Scenes menu or
 * as a permalink (`encodeConfig(scene.config())`). A scene is only a configuration: everything on
 * screen is computed as for any other.
 */
export interface Scene {
  id: string;
  title: string;
  /** What the lecturer shows with it, in a sentence. */
  description: string;
  paper: PaperRef;
  config(): AppConfig;
}

/**
 * Every scene, each family's in the order of FAMILIES (a family gives its scenes in its entry,
 * `families/<family>/scenes.ts`, and they are made here from the page's defaults).
 */
export const SCENES: readonly Scene[] = FAMILIES.flatMap((f) =>
  f.scenes.map((s) => ({ ...s, config: () => s.config(defaultConfig) })),
);

export const findScene = (id: string) => SCENES.find((s) => s.id === id);
