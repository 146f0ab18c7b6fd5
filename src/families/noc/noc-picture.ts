/**
 * What the app's NoC view reads of a result: no imports, so the page's main thread can read it.
 */
export interface NocExtras {
  name: string;
  shape: 'grid' | 'ring' | 'cube';
  /** Grid columns, or the hypercube's dimension. */
  cols: number;
  routers: number;
  edges: [number, number][];
  procRouter: number[];
  senders: number[];
  receivers: number[];
  /** The binding lower bound and its argument, drawn on the network. */
  bound?: { label: string; value: number; why: string; routers?: number[]; processor?: number };
}

export function nocExtrasOf(extras: Readonly<Record<string, unknown>> | undefined): NocExtras | null {
  const x = extras?.['noc'];
  return x && typeof x === 'object' ? (x as NocExtras) : null;
}
