import type { Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import type { SwitchChoices } from '../../tryit/family-try';
import { CIRCUIT_LEFT, circuitLink, circuitTopology, configLinks, gcd } from './circuits';

/**
 * The circuits a student can set on the optical circuit switch (ReTri paper, Sec. 3; the Lab's model
 * in circuits.ts): in each step one configuration is in force, "offset o" joining
 * every node i to i + o and i − o. Offsets o and n − o make the same circuits, so the choices are
 * 1 … ⌊n/2⌋. The exercise's network holds every choice: configuration c (offset c + 1) owns links
 * c·2n … c·2n + 2n − 1, as circuitTopology numbers them.
 */
export const circuitOffsets = (n: number): number[] =>
  Array.from({ length: Math.max(1, Math.floor(n / 2)) }, (_, i) => i + 1);

/** The switch with every configuration a student may set. */
export const circuitChoices = (n: number): Topology => circuitTopology(n, circuitOffsets(n));

/** The links of offset `o` (the circuits in force while it stands). */
export const offsetLinks = (n: number, o: number): Uint32Array => configLinks(n, o - 1);

/** Offset o in words: "offset 3: every node joined to ±3 (3 rings of 3 nodes)". */
export function offsetWords(n: number, o: number): string {
  const rings = gcd(n, o);
  const shape = rings === 1 ? 'one ring' : `${rings} rings of ${n / rings} nodes`;
  return `offset ${o}: every node joined to the nodes ±${o} away (${shape})`;
}

/**
 * A link of an algorithm's own switch (configurations of its choosing, src/families/circuit) as the
 * same circuit of the exercise's switch: i → i + o is offset o's right link, or offset n − o's left.
 */
export function choiceLink(ref: Topology, l: number): number {
  const n = ref.nodeCount;
  const from = ref.linkFrom[l];
  const to = ref.linkTo[l];
  const ahead = (((to - from) % n) + n) % n;
  // A left link runs i → i − o: the same pair as a right link of offset n − o.
  const right = ref.linkKind[l] !== CIRCUIT_LEFT;
  const o = right ? ahead : n - ahead;
  const dir = right ? 1 : -1;
  return o <= n / 2 ? circuitLink(n, o - 1, from, dir) : circuitLink(n, n - o - 1, from, dir > 0 ? -1 : 1);
}

/** An algorithm's circuit schedule with its links renamed to the exercise's switch. */
export function onChoices(ref: Topology, s: Schedule): Schedule {
  if (s.path.kind !== 'link-list') return s;
  const map = (ls: Uint32Array) => ls.map((l) => choiceLink(ref, l));
  return {
    ...s,
    path: { kind: 'link-list', offsets: s.path.offsets, links: map(s.path.links) },
    ...(s.activeLinks
      ? { activeLinks: { stepStart: s.activeLinks.stepStart, links: map(s.activeLinks.links) } }
      : {}),
  };
}

/** The offset whose circuits a set of active links (one step of a schedule on the exercise's switch) are; null if none. */
export function offsetOfLinks(n: number, links: ArrayLike<number>): number | null {
  if (links.length === 0) return null;
  const c = Math.floor(links[0] / (2 * n));
  for (let i = 0; i < links.length; i++) if (Math.floor(links[i] / (2 * n)) !== c) return null;
  return c + 1;
}

/** The offsets as "Try it" asks for them (src/tryit/family-try.ts). */
export const CIRCUIT_CHOICES: SwitchChoices = {
  offsets: circuitOffsets,
  topology: circuitChoices,
  links: offsetLinks,
  words: offsetWords,
  onChoices,
  ofLinks: offsetOfLinks,
};
