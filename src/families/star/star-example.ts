import { defaultsWith, type ParamValues } from '../../kernel/params/schema';
import { STAR_CARDS } from './cards';

/** The passive-star paper's running example: P = 64 processors, k = 3, h = 3 steps, m = 64 messages. */
export const P = 64;
export const K = 3;
export const H = 3;
export const M = 64;

/** Parameters of a star algorithm at the paper's example, tuning delay 1 (costs then count tunings). */
export function exampleParams(id: string, extra: Record<string, number | string> = {}): ParamValues {
  const example = { nodes: P, 'wavelengths-per-node': K, 'tuning-delay': 1, ...extra };
  return defaultsWith(
    STAR_CARDS.find((c) => c.id === id),
    id,
    example,
  );
}
