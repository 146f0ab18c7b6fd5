/**
 * The text field a chunk is named in (the chunk list's filter, the timeline's tracked chunk): in
 * monospace, as chunk names are written, and described by the element `${testId}-help` that says
 * their form.
 */
export function ChunkInput({
  value,
  onChange,
  example,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  /** An example name ("r0.i0"), shown while the field is empty. */
  example: string;
  testId: string;
}) {
  return (
    <input
      className="w-28 rounded border border-border px-1 py-0.5 font-mono"
      value={value}
      placeholder={example}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={`${testId}-help`}
      data-testid={testId}
    />
  );
}
