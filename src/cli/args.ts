/**
 * Command-line arguments: positional words and `--key value` / `--key=value` options. `--help` (or
 * `-h`) and the flags in FLAG_OPTIONS take no value. No Node APIs here, so it is tested like any pure
 * code.
 */

export class ArgError extends Error {
  override name = 'ArgError';
}

export interface ParsedArgs {
  /** Words that are not options, in order (the command first). */
  positional: string[];
  /** Options by key, without the dashes; every option is given at most once. */
  options: Record<string, string>;
  help: boolean;
  /** `--force`: write a schedule larger than the output limit. */
  force: boolean;
}

/** Options of the CLI itself; every other key is an algorithm parameter. */
export const RESERVED_OPTIONS = ['format', 'out', 'help', 'stretch'] as const;

/** Options that take no value: given, they read "true". */
export const FLAG_OPTIONS: readonly string[] = ['stretch'];

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  // No prototype, so keys such as "constructor" are plain options.
  const options: Record<string, string> = Object.create(null);
  let help = false;
  let force = false;
  let onlyPositional = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (onlyPositional || !a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    if (a === '--') {
      onlyPositional = true;
      continue;
    }
    if (a === '--help' || a === '-h') {
      help = true;
      continue;
    }
    if (a === '--force') {
      force = true;
      continue;
    }
    if (!a.startsWith('--')) throw new ArgError(`unknown option ${a}; options are written --key value`);
    const eq = a.indexOf('=');
    const key = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (!/^[a-z0-9][a-z0-9-]*$/i.test(key)) throw new ArgError(`"${a}" is not an option name`);
    let value: string;
    if (FLAG_OPTIONS.includes(key)) {
      if (eq >= 0) throw new ArgError(`--${key} takes no value`);
      value = 'true';
    } else if (eq >= 0) value = a.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--'))
        throw new ArgError(`--${key} needs a value (--${key} VALUE or --${key}=VALUE)`);
      value = next;
      i++;
    }
    if (key === 'help' || key === 'force') throw new ArgError(`--${key} takes no value`);
    if (Object.hasOwn(options, key)) throw new ArgError(`--${key} is given twice`);
    options[key] = value;
  }
  return { positional, options, help, force };
}
