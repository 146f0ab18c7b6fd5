/**
 * Where the export finds the picture on screen: the network view (not a compare pane) registers its
 * current frame with `useFramePicture` on every render, and the export reads it when asked. Only
 * the frame's name is kept in the store, so that the export control re-renders when a view comes or
 * goes, not on every frame of playback.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { FramePicture } from './framePicture';

let current: FramePicture | null = null;

/** The name of the picture that can be exported now (null: none on screen). */
export const useFrameName = create<{ name: string | null }>(() => ({ name: null }));

/** The picture on screen now, as last rendered. */
export const currentFrame = (): FramePicture | null => current;

/** Registers the view's current frame (null: this view is not the one exported, e.g. a compare pane). */
export function useFramePicture(picture: FramePicture | null): void {
  const name = picture?.name ?? null;
  useEffect(() => {
    if (picture) current = picture;
  });
  useEffect(() => {
    if (name === null) return;
    useFrameName.setState({ name });
    return () => {
      current = null;
      useFrameName.setState({ name: null });
    };
  }, [name]);
}
