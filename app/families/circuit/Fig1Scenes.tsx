import { encodeConfig, defaultConfig } from '../../../src/config/url-codec';
import { findCard } from '../../../src/cards';
import { defaultsOf } from '../../../src/kernel/params/schema';

/** The three rows of the paper's Fig. 1 as lecture-mode permalinks (small n, large, playing). */
export const FIG1_SCENES = [
  { label: 'Bruck, 8 nodes', algorithm: 'bruck', params: { nodes: 8, reconfigure: '0,1,1' } },
  { label: 'ReTri, 9 nodes', algorithm: 'retri', params: { nodes: 9, reconfigure: '0,1' } },
  { label: 'Static, 9 nodes', algorithm: 'direct-alltoall', params: { nodes: 9 } },
] as const;

export function fig1Link(scene: (typeof FIG1_SCENES)[number]): string {
  const spec = findCard(scene.algorithm);
  const base = defaultConfig(scene.algorithm);
  const config = {
    ...base,
    params: { ...(spec ? defaultsOf(spec.params) : {}), ...scene.params },
    options: {
      ...base.options,
      view: 'network' as const,
      lecture: true,
      onlyNode0: true,
      speed: '1' as const,
    },
  };
  return `?${encodeConfig(config)}&play=1`;
}

/**
 * The lecture scene of Fig. 1: Bruck needs one phase more than ReTri on one node fewer; static
 * all-to-all needs one phase but crowds the ring. Each link opens in lecture mode and plays.
 */
export function Fig1Scenes() {
  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="fig1-scenes">
      <h2 className="text-lg font-bold text-text">Lecture scene: Fig. 1</h2>
      <p className="text-sm text-muted">The phases of the three all-to-all schedules on small rings.</p>
      <div className="mt-1 flex flex-wrap gap-2">
        {FIG1_SCENES.map((s) => (
          <a
            key={s.label}
            className="rounded-md border border-border px-2 py-1 text-base text-info hover:bg-panel"
            href={fig1Link(s)}
          >
            {s.label}
          </a>
        ))}
      </div>
    </section>
  );
}
