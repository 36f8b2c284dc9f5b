import { execFile } from 'node:child_process';

import { describeDuration } from './timeouts.js';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Last lines of a command's output, for error messages. */
export function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Runs a one-shot command (go, apt-get, cp) to completion and returns its stdout. It is killed when it
 * outlives `timeoutMs`; a failure's message names the command and ends with the tail of its output.
 */
export function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  const shown = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve(stdout);
          return;
        }
        const output = tail(`${stdout}\n${stderr}`);
        const why = error.killed
          ? `was stopped after ${describeDuration(options.timeoutMs)}`
          : `failed (${error.code ?? error.signal ?? error.message})`;
        reject(new Error(`\`${shown}\` ${why}${output ? `:\n${output}` : ''}`));
      },
    );
  });
}
