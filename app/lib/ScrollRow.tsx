import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A line that scrolls sideways when its content is wider than it (a long closed form). While it
 * overflows it takes the keyboard focus, so that the arrow keys can scroll it; otherwise it is no
 * stop on the way through the page.
 */
export function ScrollRow({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!el || !inner) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    // The content's own box (as wide as what it holds): it grows when a web font arrives.
    const ro = new ResizeObserver(check);
    ro.observe(el);
    ro.observe(inner);
    return () => ro.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className={`overflow-x-auto overflow-y-hidden ${className}`}
      tabIndex={overflows ? 0 : undefined}
      role={overflows ? 'group' : undefined}
      aria-label={overflows ? label : undefined}
    >
      <div ref={content} className="w-max">
        {children}
      </div>
    </div>
  );
}
