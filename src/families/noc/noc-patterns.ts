/**
 * The communications of the NoC paper (Sec. 2–3): one-to-all, all-to-all and M-to-N broadcast and
 * scatter. A broadcast sends each sender's one message to every receiver (receivers may pass it on);
 * a scatter sends a private message from each sender to each receiver.
 */
export type Pattern = 'oab' | 'oas' | 'aab' | 'aas' | 'mnb' | 'mns';

export const PATTERNS: readonly { value: Pattern; label: string }[] = [
  { value: 'oab', label: 'one-to-all broadcast (OAB)' },
  { value: 'oas', label: 'one-to-all scatter (OAS)' },
  { value: 'aab', label: 'all-to-all broadcast (AAB)' },
  { value: 'aas', label: 'all-to-all scatter (AAS)' },
  { value: 'mnb', label: 'M-to-N broadcast (MNB)' },
  { value: 'mns', label: 'M-to-N scatter (MNS)' },
];

export interface Communication {
  pattern: Pattern;
  broadcast: boolean;
  /** T and R, sorted. */
  senders: number[];
  receivers: number[];
}

const all = (P: number) => Array.from({ length: P }, (_, i) => i);

export function communicationOf(
  pattern: Pattern,
  P: number,
  root: number,
  senders: readonly number[],
  receivers: readonly number[],
): Communication {
  const broadcast = pattern.endsWith('b');
  if (pattern === 'oab' || pattern === 'oas')
    return { pattern, broadcast, senders: [root], receivers: all(P).filter((v) => v !== root) };
  if (pattern === 'aab' || pattern === 'aas')
    return { pattern, broadcast, senders: all(P), receivers: all(P) };
  const sorted = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);
  return { pattern, broadcast, senders: sorted(senders), receivers: sorted(receivers) };
}

/** The (sender, receiver) pairs of a communication: one message each in a scatter, one need each in a broadcast. */
export function pairsOf(c: Communication): [number, number][] {
  const out: [number, number][] = [];
  for (const s of c.senders) for (const d of c.receivers) if (s !== d) out.push([s, d]);
  return out;
}

/** How many pairs `pairsOf` lists, counted without listing them (a size check before any work). */
export function pairCount(c: Communication): number {
  const receivers = new Set(c.receivers);
  const both = c.senders.filter((s) => receivers.has(s)).length;
  return c.senders.length * c.receivers.length - both;
}
