/**
 * The network under an imported schedule, as a page link writes it (`net=`): the command line's
 * `--network` words (full, ring, ring:W, mesh:RxC, torus:RxC, parsed by the one parser,
 * network.ts) and, for a network of one's own, its routers and links inline —
 * `custom:R:P:a,b,c,d,…` (R routers, P processors per router, links a–b, c–d, …), since a link
 * cannot carry a file. The default, fully connected, is written as nothing.
 */
import { InputError } from '../limits';
import { readTopologyDocument, TopologyFileError } from '../families/noc/noc-topology-file';
import { parseNetworkChoice, type NetworkChoice } from './network';

const FORMS = 'full, ring, ring:W, mesh:RxC, torus:RxC or custom:R:P:a,b,…';

const CUSTOM = /^custom:(\d+):(\d+):([\d,]*)$/;

/** A network of one's own from the topology reader's parameters (routers, links, per-router). */
export function customNetworkLink(p: Record<string, string>): string {
  return `custom:${p.routers}:${p['per-router'] ?? 1}:${p.links ?? ''}`;
}

/** The choice a link's `net=` text names; throws InputError saying what it takes. */
export function networkOfLink(text: string): NetworkChoice {
  if (text === '') return { kind: 'full' };
  const custom = CUSTOM.exec(text);
  if (custom) {
    const flat = custom[3] ? custom[3].split(',').map(Number) : [];
    if (flat.length % 2) throw new InputError('net=custom: takes its links as pairs of routers');
    const links: [number, number][] = [];
    for (let i = 0; i < flat.length; i += 2) links.push([flat[i], flat[i + 1]]);
    const json = JSON.stringify({
      routers: Number(custom[1]),
      processorsPerRouter: Number(custom[2]),
      links,
    });
    try {
      readTopologyDocument(JSON.parse(json));
    } catch (e) {
      if (e instanceof TopologyFileError) throw new InputError(`net=custom: ${e.message}`);
      throw e;
    }
    return { kind: 'custom', json, name: 'your network' };
  }
  const refused = () => new InputError(`net must be ${FORMS}; got "${text.slice(0, 40)}"`);
  if (text.startsWith('custom') || text === 'implied') throw refused();
  try {
    return parseNetworkChoice(text, () => {
      throw refused();
    });
  } catch (e) {
    if (e instanceof InputError)
      throw /must be/.test(e.message) ? refused() : new InputError(e.message.replace('--network', 'net'));
    throw e;
  }
}

/** The `net=` text of a choice ('' for fully connected, the default). */
export function networkLink(choice: NetworkChoice): string {
  switch (choice.kind) {
    case 'full':
    case 'implied':
      return '';
    case 'ring':
      return choice.wavelengths === undefined ? 'ring' : `ring:${choice.wavelengths}`;
    case 'mesh':
    case 'torus':
      return `${choice.kind}:${choice.rows}x${choice.cols}`;
    case 'custom': {
      const d = JSON.parse(choice.json) as {
        routers: number;
        processorsPerRouter?: number;
        links: [number, number][];
      };
      return `custom:${d.routers}:${d.processorsPerRouter ?? 1}:${d.links.flat().join(',')}`;
    }
  }
}
