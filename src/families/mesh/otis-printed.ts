/**
 * Numbers the OTIS paper prints for its latency figures (text of Sec. V-B and Figs. 9–12), kept in one
 * place for the paper check and the explorer's marks. They are inputs to compare against, never
 * outputs: ours are computed from verified schedules.
 */
export type OtisSystem = 'single' | 'all' | 'edn';

export const OTIS_SIZES = [16, 64, 256, 1024] as const;

/** Latencies the text gives (ms): P, system, worst case?, where. */
export const PRINTED_LATENCY_MS: readonly {
  P: number;
  system: OtisSystem;
  worst: boolean;
  ms: number;
  fig: string;
}[] = [
  { P: 16, system: 'single', worst: false, ms: 1.13, fig: 'Fig. 9' },
  { P: 16, system: 'edn', worst: false, ms: 0.34, fig: 'Fig. 9' },
  { P: 1024, system: 'single', worst: false, ms: 82.94, fig: 'Fig. 9' },
  { P: 1024, system: 'edn', worst: false, ms: 1.2, fig: 'Fig. 9' },
  { P: 1024, system: 'all', worst: true, ms: 80.35, fig: 'Fig. 10' },
  { P: 1024, system: 'edn', worst: true, ms: 1.69, fig: 'Fig. 10' },
];

/** Latency improvements over EDN the text gives for P = 16, 64, 256, 1024 (Figs. 11 and 12). */
export const PRINTED_IMPROVEMENT: readonly {
  system: Exclude<OtisSystem, 'edn'>;
  worst: boolean;
  times: readonly number[];
  fig: string;
}[] = [
  { system: 'single', worst: false, times: [3.3, 8.1, 24, 69], fig: 'Fig. 11' },
  { system: 'all', worst: false, times: [1.8, 4.1, 12.1, 34.5], fig: 'Fig. 11' },
  { system: 'single', worst: true, times: [2.9, 6.8, 15.3, 49.1], fig: 'Fig. 12' },
  { system: 'all', worst: true, times: [2.3, 6, 9.7, 47.6], fig: 'Fig. 12' },
];
