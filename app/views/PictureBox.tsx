import type { HTMLAttributes, ReactNode } from 'react';
import type { CanvasBox } from '../lib/useSize';
import { canDraw, TooSmall } from './TooSmall';

/**
 * A view's picture: the measured box (its handlers and data attributes are the view's), the canvas
 * filling it, and in its place a notice while the box is too small to draw in; the view's overlays
 * (tooltips, buttons) are the children. A canvas without `pictureLabel` is hidden from assistive
 * technology (its view says what it shows in words elsewhere).
 */
export function PictureBox({
  frame,
  pictureLabel,
  children,
  ...box
}: {
  frame: CanvasBox;
  pictureLabel?: string;
  children?: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const drawable = canDraw(frame.width, frame.height);
  return (
    <div ref={frame.box} className="relative min-h-0 flex-1" {...box}>
      <canvas
        ref={frame.canvas}
        className={`absolute inset-0 ${drawable ? '' : 'invisible'}`}
        {...(pictureLabel === undefined
          ? { 'aria-hidden': true }
          : { role: 'img', 'aria-label': pictureLabel })}
      />
      {!drawable && <TooSmall width={frame.width} height={frame.height} />}
      {children}
    </div>
  );
}
