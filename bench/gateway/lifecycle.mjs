// What one `npm run bench` started, and its stop: everything stopped once (at the end, or on a
// signal), in reverse order. Loading this module builds the apps (bench/platform.mjs's prepare) before
// local-infra's built code is imported.
import { out } from '../platform.mjs';

export const { appNodeFlags, findFreePort, startInfra, startStack, stopChild, MissingPrerequisiteError } =
  await import('../../packages/local-infra/dist/index.js');

export const loud = (line) => process.stderr.write(`\n!!! ${line}\n`);

/** Set by main as it starts them; read by the stop, the sampling and the report. */
export const started = {
  infra: undefined,
  stack: undefined,
  children: [], // the bench/ scripts started (the baseline, the floor's two processes)
  running: undefined, // the autocannon instance in flight
};
/** Set by SIGINT or SIGTERM: every step checks it before it starts. */
export let interrupted = false;
let stopping;

export const stopAll = () =>
  (stopping ??= (async () => {
    const { infra, stack } = started;
    started.running?.stop();
    for (const child of started.children) await stopChild(child).catch(() => undefined);
    if (stack) await stack.stop().catch((error) => loud(`stopping the stack: ${message(error)}`));
    if (infra) await infra.stop().catch((error) => loud(`stopping the infrastructure: ${message(error)}`));
  })());

export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      out(`\n${signal}: stopping…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export function checkInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

function message(error) {
  return error instanceof Error ? error.message : String(error);
}
