/** Quotes a value for a POSIX shell: single quotes, with any single quote inside spelled out. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A command line a reader can paste into a shell: the program and its quoted arguments. */
export const commandLine = (program: string, args: readonly string[]) => [program, ...args.map(shellQuote)].join(' ');
