import { useState } from 'react';
import { ALGORITHM_CARDS, findCard } from '../../src/cards';
import { configIssues } from '../../src/kernel/config';
import { applicable, parseParam, type ParamDef } from '../../src/kernel/params/schema';
import { useApp, useRunConfig } from '../store/store';
import { FilePanel } from './FilePanel';
import { PaperSource } from './PaperSource';
import { notesFor } from '../../src/notes/model-notes';
import { ConfirmSelect } from '../lib/ConfirmSelect';

/**
 * The parameter panel, generated from the algorithm's schema. A field keeps what the user typed; a
 * valid value is applied at once, an invalid one shows why (with the bounds) and changes nothing.
 */
export function ParamPanel() {
  const config = useRunConfig();
  const file = useApp((s) => s.config.file);
  const spec = findCard(config.algorithm);
  // A schedule file is shown: its panel stands in for the parameters until it is closed.
  if (file) return <FilePanel />;
  if (!spec) return null;
  // Only the parameters that mean something for the values set (a mesh's rows only for a mesh): the
  // others keep their values, for when they apply again.
  const shown = applicable(spec.params, config.params);
  const groups = [...new Set(shown.map((p) => p.group))];
  const crossIssues = configIssues(spec, config.params);
  return (
    <div className="flex min-w-0 flex-col gap-3 p-3" data-testid="param-panel">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold uppercase tracking-wide text-muted">Algorithm</span>
        <ConfirmSelect
          wrapperClassName="w-full min-w-0"
          className="w-full min-w-0 rounded-md border border-border bg-surface px-2 py-1.5 text-base"
          value={config.algorithm}
          onCommit={(id) => useApp.getState().setAlgorithm(id)}
          data-testid="algorithm"
        >
          {ALGORITHM_CARDS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </ConfirmSelect>
      </label>
      <p className="text-sm leading-snug text-muted">{spec.summary}</p>
      <PaperSource paper={spec.paper} notes={notesFor(spec.id)} />
      {groups.map((g) => (
        <fieldset key={g} className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted">{g}</legend>
          {shown
            .filter((p) => p.group === g)
            .map((p) => (
              <ParamField key={`${config.algorithm}:${p.key}`} def={p} value={config.params[p.key]} />
            ))}
        </fieldset>
      ))}
      {crossIssues.map((i) => (
        <p key={i.key} className="text-sm text-danger">
          {i.message}
        </p>
      ))}
      {shown.some((p) => !(p.kind === 'int' && p.seed) && config.params[p.key] !== p.default) && (
        <button
          className="self-start rounded-md border border-border bg-surface px-2 py-1 text-sm hover:bg-panel"
          onClick={() => useApp.getState().resetParams()}
          data-testid="reset-params"
        >
          Reset to the paper’s defaults
        </button>
      )}
    </div>
  );
}

function ParamField({ def, value }: { def: ParamDef; value: number | string }) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The applied value changed elsewhere (a link, Back, another field): show it, unless the text
    // already says the same.
    setShown(value);
    const r = parseParam(def, text);
    if (!r.ok || r.value !== value) {
      setText(String(value));
      setError(null);
    }
  }
  const id = `param-${def.key}`;
  const apply = (raw: string) => {
    setText(raw);
    const r = parseParam(def, raw);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setError(null);
    if (r.value !== value) useApp.getState().setParam(def.key, r.value);
  };
  return (
    <div className="flex min-w-0 flex-col">
      <label
        htmlFor={id}
        className="flex items-baseline justify-between gap-2 text-sm text-text"
        title={def.help}
      >
        <span className="font-medium">{def.label}</span>
        {def.unit && <span className="text-muted">{def.unit}</span>}
      </label>
      {def.kind === 'enum' ? (
        <ConfirmSelect
          id={id}
          value={text}
          onCommit={apply}
          // As wide as the panel, never wider: an option's long label is cut inside the box.
          wrapperClassName="w-full min-w-0"
          className="w-full min-w-0 rounded border border-border px-2 py-1"
        >
          {def.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </ConfirmSelect>
      ) : (
        <input
          id={id}
          name={def.key}
          inputMode={def.kind === 'int-list' ? 'text' : 'decimal'}
          className={`w-full min-w-0 rounded border px-2 py-1 text-base tabular-nums ${error ? 'border-danger bg-danger-soft' : 'border-border'}`}
          value={text}
          onChange={(e) => apply(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
        />
      )}
      {error ? (
        <span id={`${id}-error`} className="mt-0.5 text-sm text-danger" role="alert">
          {error}
        </span>
      ) : (
        <span className="mt-0.5 text-xs leading-tight text-muted">{def.help}</span>
      )}
    </div>
  );
}
