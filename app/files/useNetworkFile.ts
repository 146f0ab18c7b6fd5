import { useState } from 'react';
import { useServices } from '../store/servicesContext';

/**
 * Reads a network file (the NoC family's JSON topology) in the worker and hands its parameters to
 * `apply`; a bad file leaves everything as it was and its message in `error` until the next read
 * (or `clear`).
 */
export function useNetworkFile(
  apply: (params: Record<string, string>) => void,
): [error: string | null, read: (file: File) => Promise<void>, clear: () => void] {
  const { readNetworkFile } = useServices();
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File) => {
    try {
      const params = await readNetworkFile(file);
      if (params) apply(params);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return [error, read, () => setError(null)];
}
