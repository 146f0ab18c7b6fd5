import { ednHierarchy } from './edn';
import type { MeshShape } from './geometry';
import type { Method } from './rounds';
import type { MeshExtras } from './mesh-picture';

export function meshExtras(
  shape: MeshShape,
  root: number,
  control: number,
  method: Method,
): { mesh: MeshExtras } {
  return {
    mesh: {
      side: shape.side,
      groups: shape.groups,
      root,
      control: shape.groups > 1 ? control : -1,
      level: method === 'edn' || method === 'edn-combine' ? Array.from(ednHierarchy(shape.side).level) : null,
    },
  };
}
