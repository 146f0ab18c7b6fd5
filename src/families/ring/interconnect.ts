import { WAVELENGTHS, type Interconnect } from '../../kernel/model/interconnect';
import { evaluateOptics, treeShapeOf } from './optical-constraints';
import { recogniseRing } from './recognise';
import { ringStepSeconds } from './wdm-ring-time';

/** The WDM ring: two fibres, `w` wavelengths each, timed by the OpTree paper's eq. 3. */
export const WDM_RING: Interconnect = {
  kind: 'wdm-ring',
  name: 'WDM optical ring',
  transfer: { one: 'lightpath', many: 'lightpaths' },
  channel: WAVELENGTHS,
  stepSeconds: ringStepSeconds,
  recognise: recogniseRing,
  optics: (params, measured) => evaluateOptics(params, { ...measured, ...treeShapeOf(params) }),
  spectrum: {
    fibres: 2,
    captions: () => [
      'link i leaves node i (columns), wavelength (rows)',
      'links (columns), wavelengths (rows)',
    ],
  },
};
