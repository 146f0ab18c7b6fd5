import type { Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import type { ParamValues } from '../../kernel/params/schema';
import type { FamilyTryIt } from '../../tryit/family-try';
import { OPTICAL } from './geometry';
import { wormholeTimeOf } from './mesh-params';

/**
 * A mesh message costs t_s + m·t_1 plus t_r per electronic link and t_o per optical link of its
 * route (docs/models/otis.md); the family's own timing reads the phase instead, which a hand-made
 * step may mix.
 */
function meshSeconds(s: Schedule, t: Topology, p: ParamValues): Float64Array {
  const { startup: ts, hop: tr, perByte: t1, optical: to, messageBytes: m } = wormholeTimeOf(p);
  const out = new Float64Array(s.stepCount);
  if (s.path.kind !== 'link-list') return out;
  const { offsets, links } = s.path;
  for (let step = 1; step <= s.stepCount; step++)
    for (let i = s.stepStart[step - 1]; i < s.stepStart[step]; i++) {
      let sec = ts + m * t1;
      for (let k = offsets[i]; k < offsets[i + 1]; k++)
        sec += links[k] < t.linkCount && t.linkKind[links[k]] === OPTICAL ? to : tr;
      if (sec > out[step - 1]) out[step - 1] = sec;
    }
  return out;
}

/** "Try it" on a mesh or OTIS-Mesh: each step as long as its slowest route. */
export const MESH_TRY_IT: FamilyTryIt = {
  time: (x, s) => ({ perStep: meshSeconds(s, x.topology, x.params) }),
};
