import { conditionText, describeBounds, type ParamDef } from '../kernel/params/schema';
import type { AlgorithmSpec } from '../kernel/spec';
import { ALGORITHMS } from '../registry';

// ---------------------------------------------------------------------------------------------------
// list

export interface ListedParam {
  key: string;
  label: string;
  kind: ParamDef['kind'];
  min?: number;
  max?: number;
  /** True when `min` itself is not allowed. */
  min_exclusive?: boolean;
  /** Lists (int-list): how many elements; min and max bound each element. */
  min_length?: number;
  max_length?: number;
  options?: string[];
  default: number | string;
  unit?: string;
  /** The allowed values in words, as error messages state them. */
  bounds: string;
  help: string;
  /** Only while another parameter has one of these values (the panel shows it, a link writes it, then only). */
  applies_when?: { key: string; one_of: (number | string)[] };
}

export interface ListedAlgorithm {
  id: string;
  name: string;
  family: string;
  collective: string;
  topology: string;
  paper: { file: string; title: string };
  params: ListedParam[];
}

export function listedParam(d: ParamDef): ListedParam {
  return {
    key: d.key,
    label: d.label,
    kind: d.kind,
    ...(d.kind === 'enum' ? { options: d.options.map((o) => o.value) } : { min: d.min, max: d.max }),
    ...(d.kind === 'number' && d.minInclusive === false ? { min_exclusive: true } : {}),
    ...(d.kind === 'int-list' ? { min_length: d.minLength, max_length: d.maxLength } : {}),
    default: d.default,
    ...(d.unit ? { unit: d.unit } : {}),
    bounds: describeBounds(d),
    help: d.help,
    ...(d.appliesWhen ? { applies_when: { key: d.appliesWhen.key, one_of: [...d.appliesWhen.oneOf] } } : {}),
  };
}

export function algorithmList(): ListedAlgorithm[] {
  return ALGORITHMS.map((a) => ({
    id: a.id,
    name: a.name,
    family: a.family,
    collective: a.collective,
    topology: a.topology,
    paper: { file: a.paper.file, title: a.paper.title },
    params: a.params.map(listedParam),
  }));
}

function paramLines(spec: AlgorithmSpec): string[] {
  const width = Math.max(...spec.params.map((d) => d.key.length)) + 4;
  return spec.params.flatMap((d) => {
    const unit = d.unit ? ` ${d.unit}` : '';
    const def = typeof d.default === 'number' ? d.default.toLocaleString('en-US') : d.default;
    const when = conditionText(d);
    return [
      `    ${`--${d.key}`.padEnd(width)}${describeBounds(d)}${unit}; default ${def}${unit}`,
      `    ${' '.repeat(width)}${d.label}: ${d.help}${when ? ` Only ${when}.` : ''}`,
    ];
  });
}

export function algorithmText(spec: AlgorithmSpec): string {
  return [
    `  ${spec.id}: ${spec.name} (${spec.family}; ${spec.collective} on ${spec.topology})`,
    `    paper: ${spec.paper.file}, ${spec.paper.title}`,
    ...paramLines(spec),
  ].join('\n');
}

export function listCommand(format: 'json' | 'text'): string {
  return format === 'json'
    ? `${JSON.stringify(algorithmList(), null, 2)}\n`
    : `${ALGORITHMS.map(algorithmText).join('\n\n')}\n`;
}
