/**
 * The import graph of the sources, read as text (no compiler): who imports whom, by relative path.
 * Two tests read it: `mainThread.test.ts` (the page reaches no schedule engine) and
 * `importCircles.test.ts` (no module imports itself round a circle). Only tests import this file.
 */

/** Source text by absolute project path (`/src/run.ts`), as Vite's `import.meta.glob` gives it. */
export type Sources = Readonly<Record<string, string>>;

/** One import of a module: the module it names, and how. */
export interface ImportEdge {
  to: string;
  /** `import type …` or `{ type A, type B }`: erased by the compiler, no edge at run time. */
  typeOnly: boolean;
  /** `import('…')`: loaded later, on demand, never while the importer is being evaluated. */
  dynamic: boolean;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The file `spec` names from `from`, or null (a package, or a `?worker`/`?url` chunk of its own). */
function resolve(sources: Sources, from: string, spec: string): string | null {
  if (spec.includes('?')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => c in sources) ?? null;
}

/** Whether an import clause names types only (`{ type A, type B }`), which the compiler erases. */
function typesOnly(clause: string): boolean {
  const m = /^\{([\s\S]*)\}$/.exec(clause.trim());
  const names = m
    ? m[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** Every relative import of `file` that names one of `sources`. */
export function importsOf(sources: Sources, file: string): ImportEdge[] {
  const out: ImportEdge[] = [];
  for (const m of sources[file].matchAll(IMPORT)) {
    const [, typeKeyword, clause, fromSpec, bareSpec, dynamicSpec] = m;
    const to = resolve(sources, file, fromSpec ?? bareSpec ?? dynamicSpec);
    if (!to) continue;
    out.push({
      to,
      typeOnly: Boolean(fromSpec && (typeKeyword || typesOnly(clause))),
      dynamic: Boolean(dynamicSpec),
    });
  }
  return out;
}

/**
 * The circles among the modules under `edges` (each a strongly connected set of two or more, or a
 * module importing itself), each as one closed path `a → b → … → a`, sorted.
 */
export function importCircles(
  files: readonly string[],
  edges: (file: string) => readonly string[],
): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[] = [];
  let next = 0;
  const visit = (f: string) => {
    index.set(f, next);
    low.set(f, next++);
    stack.push(f);
    onStack.add(f);
    for (const g of edges(f)) {
      if (!index.has(g)) {
        visit(g);
        low.set(f, Math.min(low.get(f)!, low.get(g)!));
      } else if (onStack.has(g)) low.set(f, Math.min(low.get(f)!, index.get(g)!));
    }
    if (low.get(f) !== index.get(f)) return;
    const members = new Set<string>();
    for (let g = stack.pop()!; ; g = stack.pop()!) {
      onStack.delete(g);
      members.add(g);
      if (g === f) break;
    }
    if (members.size > 1 || edges(f).includes(f)) circles.push(pathRound(f, members, edges));
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return circles.sort();
}

/** One shortest way from `start` round to itself inside `members`, as `a → b → a`. */
function pathRound(
  start: string,
  members: ReadonlySet<string>,
  edges: (file: string) => readonly string[],
): string {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const f = queue.shift()!;
    for (const g of edges(f)) {
      if (!members.has(g)) continue;
      if (g === start) {
        const path = [start];
        for (let at = f; at !== start; at = cameFrom.get(at)!) path.push(at);
        return [...path.slice(0, 1), ...path.slice(1).reverse(), start].join(' → ');
      }
      if (!cameFrom.has(g)) {
        cameFrom.set(g, f);
        queue.push(g);
      }
    }
  }
  return start;
}
