import { create } from 'zustand';
import type { RunResult } from '../../src/result';
import type { BlockPictures } from '../../src/kernel/model/block-pictures';

/** The block-matrix pictures the worker sent after a result, with the result they belong to. */
export const usePictures = create<{ result: RunResult | null; pictures: BlockPictures | null }>()(() => ({
  result: null,
  pictures: null,
}));

export function rememberPictures(result: RunResult, pictures: BlockPictures): void {
  usePictures.setState({ result, pictures });
}

/** The pictures of `result`, once they have arrived. */
export function usePicturesOf(result: RunResult): BlockPictures | null {
  return usePictures((s) => (s.result === result ? s.pictures : null));
}
