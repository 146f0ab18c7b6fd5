import { decodeConfig, defaultConfig, encodeConfig, type AppConfig } from '../../src/config/url-codec';

/**
 * The last good configuration, kept in localStorage: the query string of the last configuration that
 * produced a result, and a mark left when the page failed. Opened without a link, or after a failure,
 * the app offers it back. Storage may be unavailable (private windows, blocked cookies): then nothing
 * is remembered and nothing breaks.
 */
const LAST_GOOD = 'optical-collectives-lab:last-good';
const FAILED = 'optical-collectives-lab:failed';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Full or blocked: remembering is a convenience, never a reason to fail.
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Remembers a configuration that has just produced a result. What an embedding link hides (`hide=`)
 * is not remembered: opening the app later shows the whole page.
 */
export function rememberGood(config: AppConfig): void {
  write(LAST_GOOD, encodeConfig({ ...config, hide: [] }));
}

/** Marks that the page failed (an error nothing else handled), so the next visit offers the last good configuration. */
export function rememberFailure(): void {
  write(FAILED, '1');
}

/**
 * What to offer when the page opens: the last good configuration, if there is one worth offering —
 * the page was opened without a link, or the previous visit failed — and it is not what is already
 * shown. Reading it clears the failure mark.
 */
export function offerOnOpen(
  search: string,
  shown: AppConfig,
): { config: AppConfig; afterFailure: boolean } | null {
  const failed = read(FAILED) === '1';
  write(FAILED, null);
  const saved = read(LAST_GOOD);
  const withoutLink = search === '' || search === '?';
  if (!saved || (!withoutLink && !failed)) return null;
  const { config, ignored } = decodeConfig(saved);
  // A remembered link that no longer reads cleanly (an older version of the app) is not offered.
  if (ignored.length) return null;
  const same = encodeConfig(config) === encodeConfig(shown);
  const isDefault = encodeConfig(config) === encodeConfig(defaultConfig());
  if (same || (isDefault && !failed)) return null;
  return { config, afterFailure: failed };
}

const THEME = 'optical-collectives-lab:theme';

/** The colour theme chosen in this browser ('system' when none was), as stored; checked by the caller. */
export function rememberedTheme(): string | null {
  return read(THEME);
}

/** Remembers the colour theme chosen in this browser (never put in a link: see docs/accessibility.md). */
export function rememberTheme(choice: string): void {
  write(THEME, choice === 'system' ? null : choice);
}
