/**
 * What the app's mesh view reads of a mesh result: no imports, so the page's main thread can read it.
 */
/** What the mesh view draws besides the schedule (carried in `RunResult.extras.mesh`). */
export interface MeshExtras {
  side: number;
  groups: number;
  /** The root's index inside the control group (inside the mesh when there is one group). */
  root: number;
  /** The control group; also the index of every group's gateway. −1 for a plain mesh. */
  control: number;
  /** EDN level of each index inside a group (0: none), when the method is EDN. */
  level: number[] | null;
}

/** The mesh extras of a result, when it has them. */
export function meshExtrasOf(extras: Readonly<Record<string, unknown>> | undefined): MeshExtras | null {
  const m = extras?.['mesh'];
  return m && typeof m === 'object' ? (m as MeshExtras) : null;
}

/**
 * The grid a mesh view draws: the extras' side and group count, else (a result without them, such
 * as a schedule file on a mesh) one square group of all the processors.
 */
export function meshGridOf(r: {
  extras?: Readonly<Record<string, unknown>>;
  topology: { nodeCount: number };
}): { info: MeshExtras | null; side: number; groups: number } {
  const info = meshExtrasOf(r.extras);
  return { info, side: info?.side ?? Math.round(Math.sqrt(r.topology.nodeCount)), groups: info?.groups ?? 1 };
}
