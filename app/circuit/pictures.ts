import type { RunResult } from '../../src/run';
import type { BlockPictures } from '../../src/views/block-pictures';

/** Block-matrix pictures the worker made, kept beside the result they belong to. */
const pictures = new WeakMap<RunResult, BlockPictures>();

export function rememberPictures(result: RunResult, p: BlockPictures): void {
  pictures.set(result, p);
}

export function picturesOf(result: RunResult): BlockPictures | undefined {
  return pictures.get(result);
}
