import type { AlgorithmCard } from '../kernel/spec';
import { applies, type ParamDef, type ParamValue, type ParamValues } from '../kernel/params/schema';
import { formatCount } from '../kernel/util/units';

/** A compare pane as named: its algorithm's card and the parameters it runs with. */
export interface NamedPane {
  card: AlgorithmCard;
  params: ParamValues;
}

/** A pane's name: its algorithm (without the list of its variants) and the variant it shows. */
export interface PaneName {
  name: string;
  /** The settings that tell it from the other panes, in words ("single-port, direct"); '' for none. */
  variant: string;
}

/**
 * What to call each compare pane so that panes of one algorithm can be told apart with the editors
 * hidden: the algorithm's short name, and the parameters whose values differ between the panes
 * that take them (in the card's order), each in a word or two — an option's short label ("EDN",
 * "single-port"), else the key and value ("radices 4,4", "nodes 8"). Only parameters that apply in
 * the pane are named.
 */
export function paneNames(panes: readonly NamedPane[]): PaneName[] {
  const differs = (key: string) => {
    const values = new Set<string>();
    for (const p of panes) {
      const def = p.card.params.find((d) => d.key === key);
      if (def && applies(def, p.params)) values.add(String(p.params[key]));
    }
    return values.size > 1;
  };
  const keys = new Set(panes.flatMap((p) => p.card.params.map((d) => d.key)));
  const telling = new Set([...keys].filter(differs));
  return panes.map((p) => ({
    name: p.card.shortName ?? p.card.name,
    variant: p.card.params
      .filter((d) => telling.has(d.key) && applies(d, p.params))
      .map((d) => valueWords(d, p.params[d.key]))
      .join(', '),
  }));
}

/** A parameter's value in a word or two: an option's short label, else "key value unit". */
export function valueWords(def: ParamDef, value: ParamValue | undefined): string {
  if (def.kind === 'enum') {
    const o = def.options.find((x) => x.value === value);
    if (!o) return String(value);
    // Without a short label: the label before its explanation ("hybrid: 4 chains…", "naive (…)").
    return o.short ?? o.label.replace(/\s*[(:].*$/, '');
  }
  const v = typeof value === 'number' ? formatCount(value) : String(value);
  return `${def.key.replace(/-/g, ' ')} ${v}${def.unit ? ` ${def.unit}` : ''}`;
}
