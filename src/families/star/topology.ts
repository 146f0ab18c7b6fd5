import { indexArray } from '../../kernel/model/columns';
import type { Topology } from '../../kernel/model/topology';

/**
 * The passive optical star as the generic verifier sees it (docs/schedule-format.md, "Expressing
 * other models"): processors 0..n−1, coupler input C = n and coupler output C′ = n+1, and
 *
 * - link i (0 ≤ i < n): uplink i → C, exclusive;
 * - link n: the coupler C → C′, exclusive: each channel is one wavelength of the star, so two
 *   transmitters on one wavelength in one step clash here;
 * - link n+1+j: downlink C′ → j, shared (it repeats what the coupler carries).
 *
 * Every link offers `wavelengths` channels.
 */
export function passiveStar(n: number, wavelengths: number): Topology {
  const linkCount = 2 * n + 1;
  const c = n;
  const cOut = n + 1;
  const linkFrom = indexArray(linkCount, n + 1);
  const linkTo = indexArray(linkCount, n + 1);
  const linkKind = new Uint8Array(linkCount);
  const linkShared = new Uint8Array(linkCount);
  for (let i = 0; i < n; i++) {
    linkFrom[i] = i;
    linkTo[i] = c;
    linkKind[i] = STAR_UPLINK;
    const down = downlink(n, i);
    linkFrom[down] = cOut;
    linkTo[down] = i;
    linkKind[down] = STAR_DOWNLINK;
    linkShared[down] = 1;
  }
  linkFrom[n] = c;
  linkTo[n] = cOut;
  linkKind[n] = STAR_COUPLER;
  return {
    kind: 'star',
    nodeCount: n,
    auxCount: 2,
    linkCount,
    linkFrom,
    linkTo,
    linkChannels: new Uint32Array(linkCount).fill(wavelengths),
    linkKind,
    linkKinds: ['uplink', 'coupler', 'downlink'],
    linkShared,
  };
}

export const STAR_UPLINK = 0;
export const STAR_COUPLER = 1;
export const STAR_DOWNLINK = 2;

/** Id of the downlink C′ → node. */
export function downlink(n: number, node: number): number {
  return n + 1 + node;
}

/**
 * Writes the route of a transmission from `sender` to `receivers` into `out` (uplink, coupler, one
 * downlink per receiver) and returns its length.
 */
export function starRoute(n: number, sender: number, receivers: ArrayLike<number>, out: Uint32Array): number {
  out[0] = sender;
  out[1] = n;
  for (let r = 0; r < receivers.length; r++) out[2 + r] = downlink(n, receivers[r]);
  return 2 + receivers.length;
}

/**
 * Wavelength of transmitter `j` (0 ≤ j < k) of node `i`. Every transmitter keeps one home
 * wavelength for the whole operation, so transmitters never retune and two transmitters never share
 * a wavelength; the star then offers k·n wavelengths. (The paper bounds the transmitters per node, k,
 * not the wavelengths of the coupler.)
 */
export function homeWavelength(k: number, i: number, j: number): number {
  return i * k + j;
}
