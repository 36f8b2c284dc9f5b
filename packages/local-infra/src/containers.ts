// MongoDB and NATS in containers, where a Docker engine is reachable. testcontainers is imported only
// then: it is heavy, and most runs here have no engine.
import type { RunningServer } from './local-server.js';
import { withTimeout } from './timeouts.js';

/** Detection must fail fast where `docker` is only a client without an engine. */
const DETECT_TIMEOUT_MS = 3_000;
/** Includes pulling the image on first use. */
const START_TIMEOUT_MS = 5 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

export const MONGO_IMAGE = 'mongo:7';
export const NATS_IMAGE = 'nats:2.10';

export async function isContainerRuntimeReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await withTimeout(getContainerRuntimeClient(), DETECT_TIMEOUT_MS, 'detecting a container runtime');
    return true;
  } catch {
    return false;
  }
}

interface StoppableContainer {
  stop(): Promise<unknown>;
}

function stopper(container: StoppableContainer, what: string): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= withTimeout(container.stop(), STOP_TIMEOUT_MS, `stopping the ${what} container`).then(
      () => undefined,
    );
    return stopping;
  };
}

export async function startNatsContainer(): Promise<RunningServer> {
  const { NatsContainer } = await import('@testcontainers/nats');
  const container = await withTimeout(
    new NatsContainer(NATS_IMAGE).withJetStream().start(),
    START_TIMEOUT_MS,
    `starting a ${NATS_IMAGE} container`,
  );
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    stop: stopper(container, NATS_IMAGE),
  };
}

export async function startMongoContainer(): Promise<RunningServer> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await withTimeout(
    new MongoDBContainer(MONGO_IMAGE).start(),
    START_TIMEOUT_MS,
    `starting a ${MONGO_IMAGE} container`,
  );
  // The container runs a one-member replica set (transactions, change streams) whose member name
  // only resolves inside Docker: connect to the mapped port directly.
  return {
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: stopper(container, MONGO_IMAGE),
  };
}
