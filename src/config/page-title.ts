import { findCard } from '../cards';
import type { AppConfig } from './url-codec';

const APP = 'Optical Collectives Lab';

/**
 * The browser tab's title for a configuration: what is shown (the algorithm and its size, the
 * compared algorithms, the explorer, a paper check) and the step, then the app's name — so that tabs
 * and bookmarks say which configuration they hold.
 */
export function pageTitle(c: AppConfig): string {
  const name = (id: string) => findCard(id)?.name ?? id;
  const size = ['nodes', 'group-size', 'routers'].find((k) => k in c.params);
  const what =
    c.options.mode === 'compare'
      ? `Compare ${c.compare.map((p) => name(p.algorithm)).join(' · ')}`
      : c.options.mode === 'explore'
        ? `Explore${c.sweep ? ` ${c.sweep}` : ''}`
        : c.options.mode === 'try'
          ? 'Try it'
          : c.options.mode === 'paper'
            ? `Paper check${c.check ? ` ${c.check}` : ''}`
            : `${name(c.algorithm)}${size ? `, ${size} ${c.params[size]}` : ''}${c.step ? `, step ${c.step}` : ''}`;
  return `${what} — ${APP}`;
}
