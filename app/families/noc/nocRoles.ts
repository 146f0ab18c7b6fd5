import { rangesText } from '../../../src/kernel/params/schema';
import { COLORS } from '../../lib/colors';
import { useApp } from '../../store/store';

/** A processor's part in the communication: sender (T), receiver (R), both, or neither. */
export type NocRole = 'sender' | 'receiver' | 'both' | 'none';

/** Roles' colours, the theme's semantic tokens: sender (T), receiver (R), both, neither. */
export const ROLE_COLOURS: Record<NocRole, string> = {
  get sender() {
    return COLORS.sender;
  },
  get receiver() {
    return COLORS.receiver;
  },
  get both() {
    return COLORS.senderReceiver;
  },
  get none() {
    return COLORS.idle;
  },
};
export const roleOf = (p: number, t: Set<number>, r: Set<number>): NocRole =>
  t.has(p) ? (r.has(p) ? 'both' : 'sender') : r.has(p) ? 'receiver' : 'none';

/**
 * A click on a processor moves it to the next role — none, sender, receiver, both — and makes the
 * communication M-to-N between the sets so changed (the link keeps them as ranges).
 */
export function cycleRole(p: number, senders: readonly number[], receivers: readonly number[]) {
  const [t, r] = [new Set(senders), new Set(receivers)];
  const role = t.has(p) ? (r.has(p) ? 3 : 1) : r.has(p) ? 2 : 0;
  const next = (role + 1) % 4;
  const set = (s: Set<number>, on: boolean) => (on ? s.add(p) : s.delete(p));
  set(t, next === 1 || next === 3);
  set(r, next === 2 || next === 3);
  if (!t.size || !r.size) return; // both sets must keep a processor
  const app = useApp.getState();
  const sorted = (s: Set<number>) => rangesText([...s].sort((a, b) => a - b));
  const pattern = String(app.config.params['pattern'] ?? '');
  if (!pattern.startsWith('m')) app.setParam('pattern', pattern.endsWith('b') ? 'mnb' : 'mns');
  app.setParam('senders', sorted(t));
  app.setParam('receivers', sorted(r));
}

/** Each role in words, for the tooltip. */
export const roleText: Record<NocRole, string> = {
  sender: 'sender (T)',
  receiver: 'receiver (R)',
  both: 'sender and receiver',
  none: 'not in T or R',
};
