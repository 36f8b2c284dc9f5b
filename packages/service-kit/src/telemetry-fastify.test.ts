import type { IncomingMessage } from 'node:http';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.js';
import { tracedChildLogger } from './telemetry-fastify.js';
import { memoryLogger } from './test/memory-logger.js';

/** A logger at `level` writing into memory, counting the children made of it. */
function countingLogger(level: string) {
  const { logger, records } = memoryLogger(level, 'gateway');
  let children = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with `this` below, as pino does
  const child = logger.child;
  logger.child = function (this: Logger, ...args: Parameters<Logger['child']>) {
    children += 1;
    return child.apply(this, args);
  } as Logger['child'];
  return { logger, children: () => children, records };
}

const raw = { method: 'GET', headers: {} } as IncomingMessage;

describe('tracedChildLogger (the logger of each request)', () => {
  it('makes no pino child for a request that writes no record at an enabled level', () => {
    const { logger, children, records } = countingLogger('warn');
    const log = tracedChildLogger(logger, { reqId: 'r-1' }, {}, raw);
    log.info({ statusCode: 200 }, 'request completed');
    log.debug('detail');
    log.trace('more detail');
    expect(children()).toBe(0);
    expect(records()).toEqual([]);
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('error')).toBe(true);
  });

  it('writes through one child with the request bindings, made at the first enabled record', () => {
    const { logger, children, records } = countingLogger('warn');
    const log = tracedChildLogger(logger, { reqId: 'r-2' }, {}, raw);
    log.warn({ attempt: 2 }, 'retrying a request to the owner');
    log.error(new Error('boom'), 'handler failed');
    expect(children()).toBe(1);
    expect(records()).toMatchObject([
      { level: 'warn', service: 'gateway', reqId: 'r-2', attempt: 2, msg: 'retrying a request to the owner' },
      { level: 'error', reqId: 'r-2', msg: 'handler failed', err: { message: 'boom' } },
    ]);
  });

  it("censors secrets in the request's bindings as an eager child does", () => {
    const { logger, records } = countingLogger('info');
    tracedChildLogger(logger, { reqId: 'r-3', token: 'SECRET-TOKEN' }, {}, raw).info('read');
    expect(records()).toMatchObject([{ reqId: 'r-3', token: '[REDACTED]', msg: 'read' }]);
    expect(JSON.stringify(records())).not.toContain('SECRET-TOKEN');
  });

  it("gives children of its own the request's bindings, and takes a level of its own", () => {
    const { logger, records } = countingLogger('warn');
    const log = tracedChildLogger(logger, { reqId: 'r-4' }, {}, raw);
    log.child({ part: 'auth' }).warn('part unavailable');
    log.level = 'info';
    log.info('now written');
    expect(logger.level).toBe('warn');
    expect(records()).toMatchObject([
      { reqId: 'r-4', part: 'auth', msg: 'part unavailable' },
      { level: 'info', reqId: 'r-4', msg: 'now written' },
    ]);
  });

  it("makes the child at once at a route's own level", () => {
    const { logger, children, records } = countingLogger('warn');
    const log = tracedChildLogger(logger, { reqId: 'r-5' }, { level: 'debug' }, raw);
    expect(children()).toBe(1);
    log.debug('route detail');
    expect(records()).toMatchObject([{ level: 'debug', reqId: 'r-5', msg: 'route detail' }]);
  });

  it("is a request logger Fastify accepts, whose records carry the request's id", async () => {
    const { logger, children, records } = countingLogger('warn');
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: tracedChildLogger,
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: () => 'req-from-fastify',
    });
    app.get('/quiet', (request, reply) => {
      request.log.info('not written at warn');
      return reply.send('ok');
    });
    app.get('/loud', (request, reply) => {
      request.log.warn({ part: 'auth' }, 'written');
      return reply.send('ok');
    });
    try {
      await app.ready();
      const ownChildren = children(); // Fastify's own, at start
      expect((await app.inject('/quiet')).statusCode).toBe(200);
      expect(children()).toBe(ownChildren);
      expect((await app.inject('/loud')).statusCode).toBe(200);
      expect(children()).toBe(ownChildren + 1);
      expect(records()).toMatchObject([
        { level: 'warn', reqId: 'req-from-fastify', part: 'auth', msg: 'written' },
      ]);
    } finally {
      await app.close();
    }
  });
});
