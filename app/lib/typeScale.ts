import { useApp } from '../store/store';
import { DESK_TYPE, LECTURE_TYPE, type TypeScale } from '../views/canvasText';

/** The type scale of the pictures now: the lecture scale in lecture mode, else the desk's. */
export function useTypeScale(): TypeScale {
  return useApp((s) => (s.config.options.lecture ? LECTURE_TYPE : DESK_TYPE));
}
