/**
 * The command line as the tests drive it: files held in memory instead of on disk, and the text a
 * command wrote. One set-up for every CLI test that reads files.
 */
import { execute } from './commands';
import type { CliIo, CommandOutput } from './command-kit';
import type { FormulasReport } from './formulas-command';

/** A command line whose `readText` reads `files` (which tests may add to) and fails as Node does. */
export function memoryCli(files = new Map<string, string>()) {
  const io: CliIo = {
    readText(path) {
      const text = files.get(path);
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return text;
    },
  };
  const cli = (...argv: string[]) => execute(argv, io);
  /** `formulas` with these arguments, which must succeed: its report, and a row of it by id. */
  const formulas = (...args: string[]) => {
    const r = cli('formulas', ...args);
    if (r.code !== 0) throw new Error(`formulas ${args.join(' ')} failed (${r.code}): ${errText(r)}`);
    const report = JSON.parse(outText(r)) as FormulasReport;
    return { report, row: (id: string) => report.rows.find((x) => x.id === id)! };
  };
  return { files, io, cli, formulas };
}

/** What a command wrote on standard output, joined. */
export const outText = (r: CommandOutput) => [...r.out].join('');

/** What a command wrote on standard error ('' when nothing). */
export const errText = (r: CommandOutput) => r.err ?? '';

/** Options as the command line takes them: `{ nodes: 8, method: 'edn' }` → `--nodes 8 --method edn`. */
export const flags = (options: Record<string, string | number>): string[] =>
  Object.entries(options).flatMap(([key, value]) => [`--${key}`, String(value)]);
