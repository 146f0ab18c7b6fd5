import { PLAIN_CHANNELS, type Interconnect } from '../../kernel/model/interconnect';

/**
 * Meshes and OTIS-Meshes with wormhole routing: every directed channel carries one message per step,
 * and a message holds all the channels of its route for its step. Its algorithms bring their time
 * model (mesh-time.ts).
 */
export const MESH: Interconnect = {
  kind: 'mesh',
  name: 'wormhole mesh (OTIS-Mesh: meshes joined by optical transpose links)',
  transfer: { one: 'message', many: 'messages' },
  ...PLAIN_CHANNELS,
};
