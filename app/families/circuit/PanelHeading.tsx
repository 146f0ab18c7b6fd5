/** A circuit panel's heading and the button that shows or hides the panel's body. */
export function PanelHeading({
  title,
  open,
  setOpen,
  toggleTestId,
}: {
  title: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  toggleTestId: string;
}) {
  return (
    <div className="flex items-center justify-between">
      <h2 className="text-lg font-bold text-text">{title}</h2>
      <button
        type="button"
        className="rounded-md border border-border px-2 py-1 text-sm"
        onClick={() => setOpen(!open)}
        data-testid={toggleTestId}
      >
        {open ? 'hide' : 'show'}
      </button>
    </div>
  );
}
