import type { Collective, ListedBlocks } from '../kernel/model/schedule';
import { rangesText } from '../kernel/params/schema';

/** What an exercise's words are made from. */
export interface WordsInput {
  collective: Collective;
  blocks: ListedBlocks;
  processors: number;
  reduction: boolean;
  /** The algorithm card's goal sentence, when it has one. */
  goal?: string;
}

/** Nodes listed in full up to this many; beyond, the sentence says how many more. */
const LISTED = 6;

/** Block b in words: "block 5 (node 5’s)", "block 7 (from 2 to 3)", "contribution 4". */
export function blockName(x: Pick<WordsInput, 'blocks' | 'reduction'>, b: number): string {
  if (x.reduction) return `contribution ${b}`;
  const d = x.blocks.destinations;
  const o = x.blocks.origin[b];
  if (d.kind === 'single') return `block ${b} (from ${o} to ${d.nodes[b]})`;
  return `block ${b} (node ${o}’s)`;
}

/** Who holds what before step 1, in a sentence. */
export function startWords(x: WordsInput): string {
  if (x.reduction)
    return `Each of the ${x.processors} processors starts with its own contribution (processor i holds contribution i).`;
  const byNode = new Map<number, number[]>();
  for (let b = 0; b < x.blocks.count; b++) {
    const o = x.blocks.origin[b];
    byNode.set(o, [...(byNode.get(o) ?? []), b]);
  }
  const own = [...byNode].every(([v, bs]) => bs.length === 1 && bs[0] === v);
  if (own && byNode.size === x.processors) return `Each node i starts with block i, its own.`;
  const nodes = [...byNode.keys()].sort((a, b) => a - b);
  const parts = nodes.slice(0, LISTED).map((v) => `node ${v} holds ${held(byNode.get(v)!)}`);
  const more =
    nodes.length > LISTED ? `; and ${nodes.length - LISTED} more nodes hold blocks of their own` : '';
  const idle = x.processors - nodes.length;
  return `${capital(parts.join('; '))}${more}.${idle > 0 ? ` ${idle} ${idle === 1 ? 'node holds' : 'nodes hold'} nothing at the start.` : ''}`;
}

/** What must hold after the last step, in a sentence. */
export function goalWords(x: WordsInput): string {
  const d = x.blocks.destinations;
  const lead = x.goal ? `${x.goal}: ` : '';
  if (x.reduction)
    return capital(
      `${lead}every processor ends with the combination of all ${x.blocks.count} contributions, each counted once.`,
    );
  if (d.kind === 'all') return capital(`${lead}every node ends holding all ${x.blocks.count} blocks.`);
  if (d.kind === 'single')
    return capital(
      `${lead}every block ends at its destination (${x.blocks.count} blocks, each for one node).`,
    );
  return capital(`${lead}every block reaches each node it is for (${d.nodes.length} deliveries in all).`);
}

/** The target of the holdings matrix: 1 where node v must end holding block b (row v, column b). */
export function targetOf(blocks: ListedBlocks, processors: number): Uint8Array {
  const B = blocks.count;
  const out = new Uint8Array(processors * B);
  const d = blocks.destinations;
  for (let b = 0; b < B; b++) {
    if (d.kind === 'all') for (let v = 0; v < processors; v++) out[v * B + b] = 1;
    else {
      const [a, e] = d.kind === 'single' ? [b, b + 1] : [d.offsets[b], d.offsets[b + 1]];
      for (let i = a; i < e; i++) out[d.nodes[i] * B + b] = 1;
    }
  }
  return out;
}

const held = (ids: number[]) =>
  ids.length === 1 ? `block ${ids[0]}` : `${ids.length} blocks (${rangesText(ids)})`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
