import type { BlockPictures } from '../../src/kernel/model/block-pictures';
import { resultCompanion } from './resultCompanion';

/** The block-matrix pictures the worker sent after a result, with the result they belong to. */
const PICTURES = resultCompanion<BlockPictures>();

export const rememberPictures = PICTURES.remember;

/** The pictures of `result`, once they have arrived. */
export const usePicturesOf = PICTURES.useOf;
