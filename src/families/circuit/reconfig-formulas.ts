import type { DigitFamily } from '../../kernel/spec';
import type { CircuitModel } from './circuit-time';

/**
 * Closed forms of the ReTri paper (Sec. 3.4) for digit-routed all-to-all on a circuit switch whose
 * size is a power of the radix (3 for ReTri, 2 for mirrored Bruck). A phase served t phases after
 * the last reconfiguration crosses radix^t circuits, and every circuit of its subring carries radix^t
 * transfers of m·share bytes (share = 1/3 for ReTri: a third of the data leaves each way; 1/4 for
 * mirrored Bruck: half the data in each direction, half of that moving per phase).
 */

export const RETRI_FAMILY: DigitFamily = { radix: 3, share: 1 / 3 };
export const BRUCK_FAMILY: DigitFamily = { radix: 2, share: 1 / 4 };

/** y = α_h + β·m·share: the cost of one circuit hop's worth of latency and load in a phase. */
export function hopUnit(m: CircuitModel, f: DigitFamily): number {
  return m.hop + m.beta * m.messageBytes * f.share;
}

/** Cost of the schedule x over s phases (x[0] = 1 counts a reconfiguration but changes nothing). */
export function scheduleCost(m: CircuitModel, f: DigitFamily, x: readonly boolean[], s: number): number {
  let t = 0;
  let last = 0;
  for (let k = 0; k < s; k++) {
    if (x[k]) {
      last = k;
      t += m.reconfiguration;
    }
    t += m.phase + f.radix ** (k - last) * hopUnit(m, f);
  }
  return t;
}

/** Cost with R reconfigurations splitting the s phases into R+1 segments whose lengths differ ≤ 1. */
export function balancedCost(m: CircuitModel, f: DigitFamily, s: number, R: number): number {
  return scheduleCost(m, f, balancedSchedule(s, R), s);
}

/** The balanced schedule: R+1 segments of ⌊s/(R+1)⌋ or ⌈s/(R+1)⌉ phases, longer segments first. */
export function balancedSchedule(s: number, R: number): boolean[] {
  const x = new Array<boolean>(s).fill(false);
  const segments = R + 1;
  let k = 0;
  for (let i = 0; i < segments; i++) {
    if (i > 0) x[k] = true;
    k += Math.floor(s / segments) + (i < s % segments ? 1 : 0);
  }
  return x;
}

/**
 * The paper's printed closed form for R reconfigurations (Sec. 3.4): s·α_s + (R+1)·y·(r^{s/(R+1)} − 1)
 * / (r − 1) + R·δ. Exact when R+1 divides s; otherwise the exponent is fractional and the value is only
 * an approximation of the balanced schedule's cost. (The paper writes it for r = 3, where r − 1 = 2.)
 */
export function paperClosedForm(m: CircuitModel, f: DigitFamily, s: number, R: number): number {
  const seg = s / (R + 1);
  return (
    s * m.phase + ((R + 1) * hopUnit(m, f) * (f.radix ** seg - 1)) / (f.radix - 1) + R * m.reconfiguration
  );
}

/** R* = argmin over R = 0 … s−1 of the balanced cost (the paper's rule), with that cost. */
export function bestReconfigurationCount(
  m: CircuitModel,
  f: DigitFamily,
  s: number,
): { R: number; seconds: number } {
  let best = { R: 0, seconds: balancedCost(m, f, s, 0) };
  for (let R = 1; R < Math.max(1, s); R++) {
    const c = balancedCost(m, f, s, R);
    if (c < best.seconds) best = { R, seconds: c };
  }
  return best;
}

/** The cheapest of all 2^s schedules (ties: fewer reconfigurations, then the smaller bit pattern). */
export function bestSchedule(
  s: number,
  cost: (x: boolean[]) => number,
): { x: boolean[]; seconds: number; reconfigurations: number } {
  let best: { x: boolean[]; seconds: number; reconfigurations: number } | null = null;
  for (let mask = 0; mask < 2 ** s; mask++) {
    const x = Array.from({ length: s }, (_, k) => ((mask >> k) & 1) === 1);
    const seconds = cost(x);
    const R = x.filter(Boolean).length;
    if (!best || seconds < best.seconds || (seconds === best.seconds && R < best.reconfigurations))
      best = { x, seconds, reconfigurations: R };
  }
  return best ?? { x: [], seconds: 0, reconfigurations: 0 };
}

/** Bits as the `reconfigure` parameter text, e.g. "0,1,1". */
export function bitsText(x: readonly boolean[]): string {
  return x.map((b) => (b ? 1 : 0)).join(',');
}

/** Balanced-ternary digits τ_0 … τ_{s−1} of an offset (|offset| ≤ (3^s − 1)/2), lowest first. */
export function balancedTernary(offset: number, s: number): number[] {
  const out: number[] = [];
  let v = offset;
  for (let k = 0; k < s; k++) {
    const r = ((v % 3) + 3) % 3;
    const t = r === 2 ? -1 : r;
    out.push(t);
    v = (v - t) / 3;
  }
  return out;
}

/** The centred representative of x mod n: from −⌊(n−1)/2⌋ to ⌊n/2⌋. */
export function centred(x: number, n: number): number {
  const r = ((x % n) + n) % n;
  return r > Math.floor(n / 2) ? r - n : r;
}

/** ⌈log_r n⌉ for n ≥ 1, exactly (no floating point). */
export function ceilLog(n: number, r: number): number {
  let s = 0;
  for (let p = 1; p < n; p *= r) s++;
  return s;
}
