export { canDraw } from './drawable';

/** Stands in for a picture whose box is too small (see canDraw); placed over the picture's box. */
export function TooSmall({ width, height }: { width: number; height: number }) {
  if (width === 0 && height === 0) return null;
  return (
    <div
      className="absolute inset-0 flex items-center justify-center overflow-hidden p-1 text-center text-sm text-muted"
      data-testid="too-small"
    >
      Too small to draw here: widen the window.
    </div>
  );
}
