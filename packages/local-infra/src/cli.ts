#!/usr/bin/env node
// Starts the local infrastructure (persistent, under <repo root>/.ncs), prints `NATS_URL=…` and
// `MONGO_URL=…` on stdout, and keeps it up until SIGINT or SIGTERM. Progress goes to stderr.
// Exit codes: 0 after a clean stop, 2 when a prerequisite is missing, 1 on any other failure.
import { MissingPrerequisiteError, startInfra } from './index.js';

function say(message: string): void {
  process.stderr.write(`[local-infra] ${message}\n`);
}

const EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

let running = false;

function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      // While starting (a FerretDB build can take a minute), or a second signal while stopping: leave
      // now; the 'exit' hook of local-infra still terminates the servers started so far.
      if (!running) {
        say(`${signal}: interrupted`);
        process.exit(EXIT_CODES[signal] ?? 1);
      }
      running = false;
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function main(): Promise<number> {
  const stopSignal = waitForStopSignal();
  // Signal listeners do not keep Node running, and the servers are unref'd: hold the process open.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  try {
    const infra = await startInfra({ log: say });
    running = true;
    process.stdout.write(`NATS_URL=${infra.natsUrl}\nMONGO_URL=${infra.mongoUrl}\n`);
    say(`running (nats: ${infra.kind.nats}, mongo: ${infra.kind.mongo}); stop with Ctrl-C`);
    const signal = await stopSignal;
    say(`${signal}: stopping`);
    await infra.stop();
    say('stopped');
    return 0;
  } catch (error) {
    if (error instanceof MissingPrerequisiteError) {
      say(`error: ${error.message}`);
      return 2;
    }
    // Every failure here is described by its message (with the server's log tail); a stack trace of
    // this package would not help whoever reads it.
    say(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    clearInterval(keepAlive);
  }
}

// Exit explicitly: a stray handle of a client library must not keep a stopped CLI alive.
process.exit(await main());
