import { PLAIN_CHANNELS, type Interconnect } from '../../kernel/model/interconnect';

/**
 * Networks-on-chip with wormhole switching: routers joined by full-duplex links, processors on
 * routers through their own injection and ejection channels; every directed channel carries one
 * message per step, held for the whole step (NoC paper, Sec. 2). The algorithms bring their time
 * model (noc-time.ts).
 */
export const NOC: Interconnect = {
  kind: 'noc',
  name: 'wormhole network-on-chip (routers, processors on routers)',
  transfer: { one: 'message', many: 'messages' },
  ...PLAIN_CHANNELS,
};
