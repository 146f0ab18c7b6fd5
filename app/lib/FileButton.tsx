import type { ReactNode } from 'react';

/**
 * A button that opens the browser's file picker: a label around a hidden file input. The input is
 * cleared at once, so choosing the same file again is a new choice.
 */
export function FileButton({
  className,
  accept = '.json,application/json',
  testId,
  onFile,
  children,
}: {
  className: string;
  accept?: string;
  testId: string;
  onFile: (file: File) => void | Promise<void>;
  children: ReactNode;
}) {
  return (
    <label className={`${className} cursor-pointer`}>
      {children}
      <input
        type="file"
        accept={accept}
        className="sr-only"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void onFile(file);
        }}
      />
    </label>
  );
}
