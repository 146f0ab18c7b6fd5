import { defaultsOf, num, type ParamDef, type ParamValues } from '../../kernel/params/schema';

/**
 * Optical constraints of a lightpath on the WDM ring, from the OpTree paper (Dai et al., "Efficient
 * Algorithm for All-gather Operation in Optical Interconnect Systems", Sec. IV.B, eqs. 4–9): how long
 * the longest lightpath is (eq. 4), how much power it loses on the way (eq. 5), whether the laser
 * covers that loss (eq. 6), and whether the signal stands far enough above crosstalk and other noise
 * (eqs. 7–8) for a bit-error rate below 10⁻⁹ (eq. 9).
 *
 * Our reading of the paper, the units and where every default comes from are in
 * docs/models/optical-constraints.md. In short: losses and penalties are in dB and add; powers are
 * in dBm and are converted to milliwatts before they are added; L counts the nodes a lightpath
 * touches, both ends included (hops + 1), as eq. 4's "1 +" does; the crosstalk terms P_Rx and P_Tx are
 * ratios to the received signal power; eq. 9 takes the SNR as a plain power ratio, not in dB.
 */
export const OPTICS_PARAMS: readonly ParamDef[] = [
  {
    key: 'laser-power',
    label: 'Laser power P_laser',
    kind: 'number',
    min: -30,
    max: 30,
    default: 0,
    unit: 'dBm',
    group: 'optics',
    help: 'Power per wavelength into the transmitter (eq. 6); 1 mW each keeps 64 wavelengths near 18 dBm.',
  },
  {
    key: 'receiver-sensitivity',
    label: 'Receiver sensitivity',
    kind: 'number',
    min: -60,
    max: 10,
    default: -20,
    unit: 'dBm',
    group: 'optics',
    help: 'Weakest signal the photodetector reads. Eq. 6 as printed leaves it out (0 dBm).',
  },
  {
    key: 'modulator-loss',
    label: 'Modulator loss P_m',
    kind: 'number',
    min: 0,
    max: 30,
    default: 1,
    unit: 'dB',
    group: 'optics',
    help: 'Insertion loss of the micro-ring modulator at the sender (eq. 5).',
  },
  {
    key: 'pass-loss',
    label: 'Loss per node passed P_pass',
    kind: 'number',
    min: 0,
    max: 10,
    default: 0.32,
    unit: 'dB',
    group: 'optics',
    help: 'Loss at each node on the path (eq. 5): 64 off-resonance rings × 0.005 dB each.',
  },
  {
    key: 'er-penalty',
    label: 'Extinction-ratio penalty P_p',
    kind: 'number',
    min: 0,
    max: 20,
    default: 1,
    unit: 'dB',
    group: 'optics',
    help: 'Power penalty of a finite extinction ratio (eq. 6); 1 dB matches an extinction ratio of 9.4 dB.',
  },
  {
    key: 'crosstalk-rx',
    label: 'Crosstalk per node P_Rx',
    kind: 'number',
    min: -100,
    max: 0,
    default: -40,
    unit: 'dB',
    group: 'optics',
    help: 'Receive-side crosstalk each node on the path adds, relative to the received signal (eq. 8).',
  },
  {
    key: 'crosstalk-tx',
    label: 'Transmit crosstalk P_Tx',
    kind: 'number',
    min: -100,
    max: 0,
    default: -25,
    unit: 'dB',
    group: 'optics',
    help: 'Transmit-side crosstalk, relative to the received signal (eq. 8): one ring’s leakage.',
  },
  {
    key: 'other-noise',
    label: 'Other noise P_O',
    kind: 'number',
    min: -100,
    max: 0,
    default: -39,
    unit: 'dBm',
    group: 'optics',
    help: 'Receiver noise (eq. 7); −39 dBm puts BER 10⁻⁹ exactly at the −20 dBm sensitivity.',
  },
];

/** The bit-error rate a reliable link must stay below (the paper's bound after eq. 9). */
export const BER_LIMIT = 1e-9;

/** Optical parameters in the paper's symbols, in the units stated. */
export interface OpticsParams {
  laserDbm: number;
  sensitivityDbm: number;
  modulatorLossDb: number;
  passLossDb: number;
  penaltyDb: number;
  crosstalkRxDb: number;
  crosstalkTxDb: number;
  otherNoiseDbm: number;
}

const OPTICS_DEFAULTS = defaultsOf(OPTICS_PARAMS);

/** Reads the optical parameters; missing ones take their defaults. */
export function opticsParamsOf(p: ParamValues): OpticsParams {
  const v = { ...OPTICS_DEFAULTS, ...p };
  return {
    laserDbm: num(v, 'laser-power'),
    sensitivityDbm: num(v, 'receiver-sensitivity'),
    modulatorLossDb: num(v, 'modulator-loss'),
    passLossDb: num(v, 'pass-loss'),
    penaltyDb: num(v, 'er-penalty'),
    crosstalkRxDb: num(v, 'crosstalk-rx'),
    crosstalkTxDb: num(v, 'crosstalk-tx'),
    otherNoiseDbm: num(v, 'other-noise'),
  };
}
