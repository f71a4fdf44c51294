import { type ChildProcess, spawn } from 'node:child_process';

export interface CommandRun {
  code: number | null;
  output: string;
}

/** Runs a command line the console generated, as an operator would paste it into a shell. */
export function runCommand(commandLine: string, timeoutMs = 10_000): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', commandLine]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill(), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A command left running (e.g. mosquitto_sub), with what it printed so far. */
export class RunningCommand {
  private readonly child: ChildProcess;
  output = '';
  exitCode: number | null | undefined = undefined;

  constructor(commandLine: string) {
    // exec: the shell becomes the command, so that stopping it stops the client itself; stdbuf: a
    // client writing to a pipe would otherwise hold its lines back until it exits.
    this.child = spawn('sh', ['-c', `exec stdbuf -oL ${commandLine}`]);
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.on('close', (code) => (this.exitCode = code));
  }

  stop(): void {
    if (this.exitCode === undefined) this.child.kill();
  }
}
