// The only file of this package that reads `process.env`: what the environment says about
// infrastructure, read at each start (tests change it between calls), never cached.
import os from 'node:os';
import path from 'node:path';

export interface InfraEnvironment {
  /** NATS_URL: use this NATS server instead of starting one. */
  natsUrl: string | undefined;
  /** MONGO_URL: use this MongoDB-compatible server instead of starting one. */
  mongoUrl: string | undefined;
  /** NCS_STORE: which local store to start when MONGO_URL is unset (mongo-java-server.ts). */
  store: string | undefined;
  /** PATH, where executables are looked up. */
  searchPath: string;
  /** `${XDG_CACHE_HOME:-~/.cache}`, where built binaries are kept between runs. */
  cacheHome: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function readInfraEnvironment(env: NodeJS.ProcessEnv = process.env): InfraEnvironment {
  return {
    natsUrl: nonEmpty(env.NATS_URL),
    mongoUrl: nonEmpty(env.MONGO_URL),
    store: nonEmpty(env.NCS_STORE),
    searchPath: env.PATH ?? '',
    cacheHome: nonEmpty(env.XDG_CACHE_HOME) ?? path.join(os.homedir(), '.cache'),
  };
}

/** The environment for a child process: ours plus `extra`. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
