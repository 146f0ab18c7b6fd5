/**
 * The page's keyboard shortcuts and the one rule that decides when a key press is a shortcut.
 *
 * Every handler (the timeline's, the app's) asks `shortcutFor`, and the "?" overlay lists
 * `SHORTCUTS` and `IN_PLACE_KEYS`: the list the handlers act on is the list the user reads.
 */

export type ShortcutId =
  'play' | 'back' | 'forward' | 'first' | 'last' | 'lecture' | 'fullscreen' | 'help' | 'leave';

export interface Shortcut {
  id: ShortcutId;
  /** `KeyboardEvent.key` values that press it. */
  keys: readonly string[];
  /** The key as the overlay and the buttons write it. */
  label: string;
  /** What it does, in plain words. */
  does: string;
  /** Held down, it acts again and again (stepping); the others act once per press. */
  repeats?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'play', keys: [' '], label: 'Space', does: 'Play or pause' },
  { id: 'back', keys: ['ArrowLeft'], label: '←', does: 'One step back', repeats: true },
  { id: 'forward', keys: ['ArrowRight'], label: '→', does: 'One step forward', repeats: true },
  { id: 'first', keys: ['Home'], label: 'Home', does: 'Back to the start, before the first step' },
  { id: 'last', keys: ['End'], label: 'End', does: 'To the last step' },
  {
    id: 'lecture',
    keys: ['l', 'L'],
    label: 'L',
    does: 'Lecture mode on or off (large type, no side panels)',
  },
  { id: 'fullscreen', keys: ['f', 'F'], label: 'F', does: 'Full screen on or off' },
  { id: 'help', keys: ['?'], label: '?', does: 'This list of keys' },
  {
    id: 'leave',
    keys: ['Escape'],
    label: 'Esc',
    does: 'Leave a menu, the step slider or a text field; close this list; leave lecture mode',
  },
];

export type PictureKeyId =
  'zoom-in' | 'zoom-out' | 'whole' | 'pan-left' | 'pan-right' | 'pan-up' | 'pan-down';

/**
 * Keys of a zoomable network picture (every network view) while it has the focus. Zoomed in, the
 * picture is a widget (role "application"), so the arrows there pan instead of stepping; at the
 * whole picture they step the schedule as everywhere else. The page's other shortcuts still work.
 */
export const PICTURE_KEYS: readonly {
  id: PictureKeyId;
  keys: readonly string[];
  label: string;
  does: string;
}[] = [
  { id: 'zoom-in', keys: ['+', '='], label: '+', does: 'zoom in' },
  { id: 'zoom-out', keys: ['-', '_', '−'], label: '−', does: 'zoom out' },
  { id: 'whole', keys: ['0'], label: '0', does: 'the whole network' },
  { id: 'pan-left', keys: ['ArrowLeft'], label: '←', does: 'pan left' },
  { id: 'pan-right', keys: ['ArrowRight'], label: '→', does: 'pan right' },
  { id: 'pan-up', keys: ['ArrowUp'], label: '↑', does: 'pan up' },
  { id: 'pan-down', keys: ['ArrowDown'], label: '↓', does: 'pan down' },
];

/** Keys that act where the focus is rather than on the whole page (listed in the "?" overlay too). */
export const IN_PLACE_KEYS: readonly { label: string; does: string }[] = [
  {
    label: `${PICTURE_KEYS.map((k) => k.label).join(' ')} on a network picture (or the mesh's overview map)`,
    does: `${PICTURE_KEYS.map((k) => `${k.label} ${k.does}`).join(', ')}; the arrows pan only once zoomed in (Tab to the picture or click it first). The wheel or a pinch zooms around the pointer, dragging pans, a double click or the “whole network” button shows it all`,
  },
  {
    label: 'Tab, Shift+Tab',
    does: 'Move between controls; the first Tab offers a link that skips to the timeline',
  },
  { label: 'Space, Enter', does: 'Press the button that has the focus ring' },
  {
    label: '↑ ↓ in a menu',
    does: 'Choose an entry; Enter (or leaving the menu) applies it, Esc goes back to what was applied',
  },
  { label: '← → on the step slider', does: 'Move the step' },
  { label: 'Node field under a network', does: 'Type or step a node number to see what it holds and sends' },
  {
    label: 'Arrow keys in a tree',
    does: 'Move between its nodes; the network marks the nodes of the one in focus',
  },
  {
    label: 'Arrow keys in the block matrix',
    does: 'Move between blocks; the block’s route is written below',
  },
  { label: 'Enter on a chart point', does: 'Open that configuration in the visualizer' },
];

/**
 * What the element with the focus does with keys of its own:
 * - `text`: a text or number field, which takes every key;
 * - `menu`: a select, which takes arrows, letters (to find an entry), Space and Enter;
 * - `slider`: a range input, which takes arrows, Home, End, Page Up and Page Down;
 * - `button`: a button, link, tab or checkbox, which takes Space and Enter;
 * - `widget`: a composite control (tree, grid, listbox), which takes arrows, Home, End, Space and Enter;
 * - `page`: nothing focused that takes keys.
 */
export type FocusKind = 'text' | 'menu' | 'slider' | 'button' | 'widget' | 'page';

/** The parts of an element `focusKind` looks at (an HTMLElement has them all). */
export interface FocusTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

const BUTTON_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color']);
const BUTTON_ROLES = new Set(['button', 'link', 'tab', 'checkbox', 'radio', 'switch', 'menuitem', 'option']);
const SLIDER_ROLES = new Set(['slider', 'spinbutton', 'scrollbar']);
const WIDGET_ROLES = new Set([
  'tree',
  'treeitem',
  'grid',
  'gridcell',
  'listbox',
  'radiogroup',
  'application',
]);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox']);

export function focusKind(t: FocusTarget | null | undefined): FocusKind {
  if (!t || typeof t.tagName !== 'string') return 'page';
  const tag = t.tagName.toUpperCase();
  if (tag === 'INPUT') {
    const type = (t.type ?? 'text').toLowerCase();
    if (type === 'range') return 'slider';
    return BUTTON_INPUTS.has(type) ? 'button' : 'text';
  }
  if (tag === 'TEXTAREA' || t.isContentEditable) return 'text';
  if (tag === 'SELECT') return 'menu';
  const role = t.getAttribute('role');
  if (role && TEXT_ROLES.has(role)) return 'text';
  if (role && SLIDER_ROLES.has(role)) return 'slider';
  if (role && WIDGET_ROLES.has(role)) return 'widget';
  if (role && BUTTON_ROLES.has(role)) return 'button';
  if (tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && t.getAttribute('href') !== null))
    return 'button';
  return 'page';
}

/** A field keeps the keys until Esc or leaving it: the text field, the menu and the step slider. */
export const isField = (kind: FocusKind) => kind === 'text' || kind === 'menu' || kind === 'slider';

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
const ENDS = new Set(['Home', 'End', 'PageUp', 'PageDown']);

/** Whether the focused element uses `key` itself (then it is not a shortcut). Escape never is. */
export function ownsKey(kind: FocusKind, key: string): boolean {
  if (key === 'Escape') return false;
  switch (kind) {
    case 'text':
    case 'menu':
      return true;
    case 'slider':
      return ARROWS.has(key) || ENDS.has(key);
    case 'widget':
      return ARROWS.has(key) || ENDS.has(key) || key === ' ' || key === 'Enter';
    case 'button':
      return key === ' ' || key === 'Enter';
    case 'page':
      return false;
  }
}

/** The parts of a key press the rule reads (a KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  /** Something on the page already handled the key (a tree moving its focus, a menu confirming). */
  defaultPrevented?: boolean;
}

/**
 * The shortcut a key press means where the focus is, or null. Never with Ctrl, ⌘ or Alt held (those
 * are the browser's: Ctrl+L, Ctrl+F, ⌘+← must keep working), never while composing text, never for
 * a key the focused element uses itself, never for a press already handled; a held key repeats only
 * the shortcuts that step. Shift is allowed: "?" needs it on most keyboards.
 */
export function shortcutFor(e: KeyPress, kind: FocusKind): Shortcut | null {
  if (!plainPress(e)) return null;
  const s = SHORTCUTS.find((x) => x.keys.includes(e.key));
  if (!s || ownsKey(kind, e.key)) return null;
  if (e.repeat && !s.repeats) return null;
  return s;
}

/** A press that may be a key of ours: no Ctrl, ⌘ or Alt, not composing text, not already handled. */
export function plainPress(e: KeyPress): boolean {
  return !(e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.defaultPrevented);
}

/** What a key press does to the zoomable picture that has the focus, by the same rule; null: nothing. */
export function pictureKeyFor(e: KeyPress): PictureKeyId | null {
  if (!plainPress(e)) return null;
  return PICTURE_KEYS.find((k) => k.keys.includes(e.key))?.id ?? null;
}

/**
 * What Esc does, first match: leave the field that has the focus (its keys go back to the page),
 * close the "?" list, leave lecture mode.
 */
export function leaveAction(
  kind: FocusKind,
  state: { helpOpen: boolean; lecture: boolean },
): 'leave-field' | 'close-help' | 'exit-lecture' | null {
  if (isField(kind)) return 'leave-field';
  if (state.helpOpen) return 'close-help';
  if (state.lecture) return 'exit-lecture';
  return null;
}

/** The shortcut's key as written in the overlay and on buttons ("L", "F", "?"). */
export function keyLabel(id: ShortcutId): string {
  return SHORTCUTS.find((s) => s.id === id)?.label ?? '';
}
