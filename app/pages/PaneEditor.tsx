import { useState } from 'react';
import { ALGORITHM_CARDS, findCard } from '../../src/cards';
import type { ComparePane } from '../../src/config/url-codec';
import { parseParam } from '../../src/kernel/params/schema';
import { ConfirmSelect } from '../lib/ConfirmSelect';

/** `key=value; key=value`, as typed in a pane's settings field. */
function editText(p: ComparePane): string {
  return Object.entries(p.overrides)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** The overrides a settings text means for the pane's algorithm, or null (with the reason in `problem`). */
function parseOverrides(
  pane: ComparePane,
  raw: string,
  problem: string[] = [],
): Record<string, number | string> | null {
  const spec = findCard(pane.algorithm);
  const overrides: Record<string, number | string> = {};
  for (const item of raw
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [key, value = ''] = item.split('=').map((x) => x.trim());
    const def = spec?.params.find((d) => d.key === key);
    if (!def) {
      problem.push(
        `${pane.algorithm} has no setting "${key}"; it takes ${spec?.params.map((d) => d.key).join(', ')}`,
      );
      return null;
    }
    const r = parseParam(def, value);
    if (!r.ok) {
      problem.push(r.error);
      return null;
    }
    overrides[key] = r.value;
  }
  return overrides;
}

/** One pane's algorithm and its overrides, written `key=value; key=value`. */
export function PaneEditor({
  index,
  pane,
  onChange,
}: {
  index: number;
  pane: ComparePane;
  onChange: (p: ComparePane | null) => void;
}) {
  const [text, setText] = useState(editText(pane));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(pane);
  if (pane !== shown) {
    // Changed elsewhere (a scene, Back, a link): show the new overrides unless the text already says so.
    setShown(pane);
    if (editText(pane) !== editText({ ...pane, overrides: parseOverrides(pane, text) ?? {} })) {
      setText(editText(pane));
      setError(null);
    }
  }
  const apply = (raw: string) => {
    setText(raw);
    const problem: string[] = [];
    const overrides = parseOverrides(pane, raw, problem);
    if (!overrides) {
      setError(problem[0] ?? 'not understood');
      return;
    }
    setError(null);
    onChange({ ...pane, overrides });
  };
  return (
    <div
      className="flex flex-col rounded-md border border-divider bg-surface p-2 text-sm"
      data-testid="pane-editor"
    >
      <div className="flex items-center gap-2">
        <span className="font-semibold text-muted">{index + 1}</span>
        <ConfirmSelect
          wrapperClassName="min-w-0 flex-1"
          className="min-w-0 rounded border border-border px-1 py-1"
          value={pane.algorithm}
          onCommit={(algorithm) => {
            setText('');
            onChange({ algorithm, overrides: {} });
          }}
          aria-label={`Algorithm of schedule ${index + 1}`}
        >
          {ALGORITHM_CARDS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </ConfirmSelect>
        <input
          className={`w-40 rounded border px-2 py-1 ${error ? 'border-danger bg-danger-soft' : 'border-border'}`}
          placeholder="overrides, e.g. depth=3"
          value={text}
          onChange={(e) => apply(e.target.value)}
          aria-label={`Settings of schedule ${index + 1}`}
        />
        <button
          className="px-1 text-muted hover:text-danger"
          onClick={() => onChange(null)}
          aria-label={`Remove schedule ${index + 1}`}
        >
          ✕
        </button>
      </div>
      {error && (
        <span className="mt-1 max-w-md text-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
