import { describe, expect, it } from 'vitest';
import {
  focusKind,
  IN_PLACE_KEYS,
  leaveAction,
  PICTURE_KEYS,
  pictureKeyFor,
  shortcutFor,
  SHORTCUTS,
  type FocusTarget,
  type KeyPress,
} from './keys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

function el(tagName: string, attrs: Record<string, string> = {}, type?: string): FocusTarget {
  return { tagName, type, getAttribute: (n) => attrs[n] ?? null };
}

describe('shortcutFor', () => {
  it('maps the keys of the list to their shortcuts on the page', () => {
    for (const s of SHORTCUTS)
      for (const key of s.keys) expect(shortcutFor(press(key), 'page')?.id, key).toBe(s.id);
    expect(shortcutFor(press('x'), 'page')).toBeNull();
  });

  it('ignores every key pressed with Ctrl, ⌘ or Alt (Ctrl+L, Ctrl+F, ⌘+←, Alt+←)', () => {
    for (const mod of ['ctrlKey', 'metaKey', 'altKey'] as const)
      for (const key of ['l', 'L', 'f', 'F', ' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End', '?', 'Escape'])
        expect(shortcutFor(press(key, { [mod]: true }), 'page'), `${mod}+${key}`).toBeNull();
  });

  it('allows Shift, which "?" needs', () => {
    expect(shortcutFor({ ...press('?'), shiftKey: true } as ReturnType<typeof press>, 'page')?.id).toBe(
      'help',
    );
  });

  it('leaves Space and Enter to a focused button, the rest still work there', () => {
    expect(shortcutFor(press(' '), 'button')).toBeNull();
    expect(shortcutFor(press('ArrowRight'), 'button')?.id).toBe('forward');
    expect(shortcutFor(press('l'), 'button')?.id).toBe('lecture');
  });

  it('leaves every key but Esc to a text field or a menu', () => {
    for (const kind of ['text', 'menu'] as const) {
      for (const key of [' ', 'ArrowLeft', 'ArrowDown', 'Home', 'l', 'f', '?'])
        expect(shortcutFor(press(key), kind), `${kind} ${key}`).toBeNull();
      expect(shortcutFor(press('Escape'), kind)?.id).toBe('leave');
    }
  });

  it('leaves arrows and Home/End to the step slider, but Space plays from there', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End'])
      expect(shortcutFor(press(key), 'slider'), key).toBeNull();
    expect(shortcutFor(press(' '), 'slider')?.id).toBe('play');
    expect(shortcutFor(press('Escape'), 'slider')?.id).toBe('leave');
  });

  it('leaves arrows, Space and Enter to a tree or grid, L and F still work', () => {
    for (const key of ['ArrowLeft', 'ArrowUp', ' ', 'Enter', 'Home'])
      expect(shortcutFor(press(key), 'widget'), key).toBeNull();
    expect(shortcutFor(press('f'), 'widget')?.id).toBe('fullscreen');
  });

  it('repeats only the stepping shortcuts when a key is held', () => {
    expect(shortcutFor({ ...press('ArrowRight'), repeat: true }, 'page')?.id).toBe('forward');
    expect(shortcutFor({ ...press(' '), repeat: true }, 'page')).toBeNull();
    expect(shortcutFor({ ...press('l'), repeat: true }, 'page')).toBeNull();
  });

  it('ignores a press already handled, or made while composing text', () => {
    expect(shortcutFor({ ...press('ArrowRight'), defaultPrevented: true }, 'page')).toBeNull();
    expect(shortcutFor({ ...press('l'), isComposing: true }, 'page')).toBeNull();
  });
});

describe('focusKind', () => {
  it('tells fields, buttons and widgets apart', () => {
    expect(focusKind(null)).toBe('page');
    expect(focusKind(el('BODY'))).toBe('page');
    expect(focusKind(el('DIV'))).toBe('page');
    expect(focusKind(el('INPUT', {}, 'text'))).toBe('text');
    expect(focusKind(el('INPUT', {}, 'number'))).toBe('text');
    expect(focusKind(el('INPUT', {}, 'range'))).toBe('slider');
    expect(focusKind(el('INPUT', {}, 'checkbox'))).toBe('button');
    expect(focusKind(el('TEXTAREA'))).toBe('text');
    expect(focusKind({ ...el('DIV'), isContentEditable: true })).toBe('text');
    expect(focusKind(el('SELECT'))).toBe('menu');
    expect(focusKind(el('BUTTON'))).toBe('button');
    expect(focusKind(el('A', { href: '#timeline' }))).toBe('button');
    expect(focusKind(el('A'))).toBe('page');
    expect(focusKind(el('DIV', { role: 'button' }))).toBe('button');
    expect(focusKind(el('BUTTON', { role: 'tab' }))).toBe('button');
    expect(focusKind(el('g', { role: 'treeitem' }))).toBe('widget');
    expect(focusKind(el('DIV', { role: 'grid' }))).toBe('widget');
    expect(focusKind(el('DIV', { role: 'slider' }))).toBe('slider');
  });
});

describe('leaveAction', () => {
  it('leaves a field first, then closes the list of keys, then leaves lecture mode', () => {
    const all = { helpOpen: true, lecture: true };
    expect(leaveAction('menu', all)).toBe('leave-field');
    expect(leaveAction('slider', all)).toBe('leave-field');
    expect(leaveAction('text', all)).toBe('leave-field');
    expect(leaveAction('button', all)).toBe('close-help');
    expect(leaveAction('page', { helpOpen: false, lecture: true })).toBe('exit-lecture');
    expect(leaveAction('page', { helpOpen: false, lecture: false })).toBeNull();
  });
});

describe('the list of keys', () => {
  it('has one shortcut per key, each with words', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of SHORTCUTS) {
      expect(s.label).not.toBe('');
      expect(s.does.length).toBeGreaterThan(5);
    }
    expect(IN_PLACE_KEYS.length).toBeGreaterThan(0);
  });
});

describe('pictureKeyFor', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it('maps +, −, 0 and the arrows to zooming and panning', () => {
    expect(pictureKeyFor(press('+'))).toBe('zoom-in');
    expect(pictureKeyFor(press('='))).toBe('zoom-in');
    expect(pictureKeyFor(press('-'))).toBe('zoom-out');
    expect(pictureKeyFor(press('0'))).toBe('whole');
    expect(pictureKeyFor(press('ArrowLeft'))).toBe('pan-left');
    expect(pictureKeyFor(press('ArrowDown'))).toBe('pan-down');
    expect(pictureKeyFor(press('x'))).toBeNull();
  });
  it('leaves Ctrl/⌘/Alt with + and − to the browser’s own zoom, as every shortcut does', () => {
    expect(pictureKeyFor(press('+', { ctrlKey: true }))).toBeNull();
    expect(pictureKeyFor(press('-', { metaKey: true }))).toBeNull();
    expect(pictureKeyFor(press('ArrowLeft', { altKey: true }))).toBeNull();
    expect(pictureKeyFor(press('0', { defaultPrevented: true }))).toBeNull();
  });
  it('keeps the arrows from stepping the timeline while the picture (a widget) has the focus', () => {
    expect(focusKind({ tagName: 'DIV', getAttribute: (a) => (a === 'role' ? 'application' : null) })).toBe(
      'widget',
    );
    expect(shortcutFor(press('ArrowLeft'), 'widget')).toBeNull();
    expect(shortcutFor(press('l'), 'widget')?.id).toBe('lecture');
  });
  it('is listed in the "?" overlay, every key with its words', () => {
    const keys = PICTURE_KEYS.flatMap((k) => k.keys);
    expect(new Set(keys).size).toBe(keys.length);
    const row = IN_PLACE_KEYS.find((k) => k.label.includes('network picture'))!;
    for (const k of PICTURE_KEYS) expect(row.does).toContain(`${k.label} ${k.does}`);
  });
  it('zooms with keys no page shortcut uses, and leaves the arrows to the timeline at the whole picture', () => {
    const zoomKeys = PICTURE_KEYS.filter((k) => !k.id.startsWith('pan-')).flatMap((k) => k.keys);
    for (const key of zoomKeys) expect(SHORTCUTS.some((s) => s.keys.includes(key))).toBe(false);
    // Not zoomed in, a picture is a plain group (usePanZoom): the arrows step the schedule.
    const group = focusKind({ tagName: 'DIV', getAttribute: (a) => (a === 'role' ? 'group' : null) });
    expect(shortcutFor(press('ArrowRight'), group)?.id).toBe('forward');
  });
});
