/**
 * Where the export finds the pictures on screen: the network view (not a compare pane) and the
 * detail pane's matrix register their current frame with `useFramePicture` on every render, each in
 * its slot, and the export reads it when asked. Only the frames' names are kept in the store, so that
 * the export control re-renders when a view comes or goes, not on every frame of playback.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { FramePicture } from './framePicture';

/** The network view, or the picture in the detail pane. */
export type FrameSlot = 'network' | 'detail';

const current: Record<FrameSlot, FramePicture | null> = { network: null, detail: null };

/** The names of the pictures that can be exported now, per slot (null: none on screen). */
export const useFrameNames = create<Record<FrameSlot, string | null>>(() => ({
  network: null,
  detail: null,
}));

/** The picture in `slot` now, as last rendered. */
export const currentFrame = (slot: FrameSlot = 'network'): FramePicture | null => current[slot];

/** Registers a view's current frame in `slot` (null: this view is not exported, e.g. a compare pane). */
export function useFramePicture(picture: FramePicture | null, slot: FrameSlot = 'network'): void {
  const name = picture?.name ?? null;
  useEffect(() => {
    if (picture) current[slot] = picture;
  });
  useEffect(() => {
    if (name === null) return;
    useFrameNames.setState({ [slot]: name });
    return () => {
      current[slot] = null;
      useFrameNames.setState({ [slot]: null });
    };
  }, [name, slot]);
}
