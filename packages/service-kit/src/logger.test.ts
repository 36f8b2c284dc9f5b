import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import type { Context, ContextManager } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedPaths, redactUrl } from './logger.js';
import { memoryLogger } from './test/memory-logger.js';

describe('createLogger', () => {
  it('writes one JSON record per call carrying the service and caller bindings', () => {
    const { logger, records } = memoryLogger();
    logger.child({ requestId: 'req-1' }).info({ categoryEID: 'c1' }, 'category read');
    const [record] = records();
    expect(record).toMatchObject({
      level: 'info',
      service: 'kb',
      requestId: 'req-1',
      categoryEID: 'c1',
      msg: 'category read',
    });
    expect(typeof record?.time).toBe('string');
  });

  it('honours the level', () => {
    const { logger, records } = memoryLogger('warn');
    logger.info('hidden');
    logger.warn('shown');
    expect(records().map((record) => record.msg)).toEqual(['shown']);
  });

  it('censors every secret shape and keeps the rest', () => {
    const { logger, text, records } = memoryLogger();
    const secrets = {
      bearer: 'Bearer abc123secretBEARER',
      cookie: 'sid=cookieSECRET',
      setCookie: 'sid=setCookieSECRET; HttpOnly',
      proxy: 'Basic proxySECRET',
      password: 'hunter2-PASSWORD',
      clientSecret: 'cs-NESTED-SECRET',
      refresh: 'rt-REFRESH-SECRET',
      urlToken: 'at-URL-SECRET',
      code: 'authcode-SECRET',
      verifier: 'pkce-VERIFIER-SECRET',
      hash: '$argon2id$HASH-SECRET',
    };
    logger.info(
      { headers: { authorization: secrets.bearer, accept: 'application/json' } },
      'top-level headers',
    );
    logger.info(
      { req: { headers: { cookie: secrets.cookie, 'proxy-authorization': secrets.proxy } } },
      'request headers',
    );
    logger.info({ res: { headers: { 'set-cookie': secrets.setCookie } } }, 'response headers');
    logger.info({ ctx: { req: { headers: { authorization: secrets.bearer } } } }, 'nested headers');
    logger.info({ body: { username: 'ann', password: secrets.password } }, 'body');
    logger.info(
      { ctx: { body: { client_secret: secrets.clientSecret, grant_type: 'refresh_token' } } },
      'ctx',
    );
    logger.info({ refreshToken: secrets.refresh, code: secrets.code }, 'top-level keys');
    logger.info({ token: { code_verifier: secrets.verifier } }, 'token object');
    logger.info({ account: { passwordHash: secrets.hash } }, 'hash');
    logger.info({ url: `/networks/n1/?limit=5&access_token=${secrets.urlToken}` }, 'url');
    logger.info(
      {
        req: {
          method: 'GET',
          url: `/oauth/v2/authorize?client_id=app&code=${secrets.code}`,
          headers: { authorization: secrets.bearer },
        },
      },
      'incoming request',
    );

    const output = text();
    for (const secret of Object.values(secrets)) expect(output).not.toContain(secret);
    expect(output).toContain('[REDACTED]');

    const byMessage = new Map(records().map((record) => [record.msg, record]));
    expect(byMessage.get('top-level headers')).toMatchObject({
      headers: { authorization: '[REDACTED]', accept: 'application/json' },
    });
    expect(byMessage.get('response headers')).toMatchObject({
      res: { headers: { 'set-cookie': '[REDACTED]' } },
    });
    expect(byMessage.get('body')).toMatchObject({ body: { username: 'ann', password: '[REDACTED]' } });
    expect(byMessage.get('ctx')).toMatchObject({
      ctx: { body: { client_secret: '[REDACTED]', grant_type: 'refresh_token' } },
    });
    expect(byMessage.get('url')).toMatchObject({ url: '/networks/n1/?limit=5&access_token=[REDACTED]' });
    expect(byMessage.get('incoming request')).toMatchObject({
      req: { method: 'GET', url: '/oauth/v2/authorize?client_id=app&code=[REDACTED]' },
    });
  });

  it('censors inside arrays, documents with toJSON, child bindings and any header-name case', () => {
    const { logger, text, records } = memoryLogger();
    const account = { email: 'ann@example.com', passwordHash: 'HASH-IN-DOC' };
    const document = { toJSON: () => account };
    const headers = { Authorization: 'Bearer CAPITALISED-SECRET', 'Set-Cookie': 'sid=CAP-COOKIE' };
    const logged = {
      users: [{ name: 'ann', password: 'ARRAY-SECRET' }],
      account: document,
      upstream: { headers },
    };
    logger.child({ session: { token: 'BINDING-SECRET' } }).info(logged, 'mixed shapes');

    const output = text();
    for (const secret of [
      'HASH-IN-DOC',
      'CAPITALISED-SECRET',
      'CAP-COOKIE',
      'ARRAY-SECRET',
      'BINDING-SECRET',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(records()[0]).toMatchObject({
      users: [{ name: 'ann', password: '[REDACTED]' }],
      account: { email: 'ann@example.com', passwordHash: '[REDACTED]' },
      upstream: { headers: { Authorization: '[REDACTED]', 'Set-Cookie': '[REDACTED]' } },
      session: { token: '[REDACTED]' },
    });
    // The caller's objects are left as they were.
    expect(logged.users[0]?.password).toBe('ARRAY-SECRET');
    expect(headers.Authorization).toBe('Bearer CAPITALISED-SECRET');
  });

  it('keeps errors intact for the err serializer', () => {
    const { logger, records } = memoryLogger();
    logger.error({ err: new Error('boom') }, 'failed');
    expect(records()[0]).toMatchObject({ err: { type: 'Error', message: 'boom' } });
  });

  describe('with a context manager', () => {
    /** Synchronous stand-in for the SDK's AsyncLocalStorage context manager. */
    class StackContextManager implements ContextManager {
      private current: Context = ROOT_CONTEXT;
      active(): Context {
        return this.current;
      }
      with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
        next: Context,
        fn: F,
        thisArg?: ThisParameterType<F>,
        ...args: A
      ): ReturnType<F> {
        const previous = this.current;
        this.current = next;
        try {
          return fn.call(thisArg, ...args);
        } finally {
          this.current = previous;
        }
      }
      bind<T>(_context: Context, target: T): T {
        return target;
      }
      enable(): this {
        return this;
      }
      disable(): this {
        this.current = ROOT_CONTEXT;
        return this;
      }
    }
    beforeAll(() => {
      context.setGlobalContextManager(new StackContextManager());
    });
    afterAll(() => {
      context.disable();
    });

    it('adds the active span ids so logs and traces correlate', () => {
      const { logger, records } = memoryLogger();
      const spanContext = {
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        spanId: '00f067aa0ba902b7',
        traceFlags: TraceFlags.SAMPLED,
      };
      context.with(trace.setSpanContext(context.active(), spanContext), () => logger.info('inside a span'));
      logger.info('outside any span');
      const [inside, outside] = records();
      expect(inside).toMatchObject({
        trace_id: spanContext.traceId,
        span_id: spanContext.spanId,
        trace_flags: '01',
      });
      expect(outside).not.toHaveProperty('trace_id');
    });
  });
});

describe('redactUrl', () => {
  it.each([
    ['/a?access_token=abc', '/a?access_token=[REDACTED]'],
    ['/a?x=1&refresh_token=abc&y=2', '/a?x=1&refresh_token=[REDACTED]&y=2'],
    ['https://h.example/cb?state=s&code=abc#frag', 'https://h.example/cb?state=s&code=[REDACTED]#frag'],
    [
      '/t?client_secret=abc&password=p&token=t',
      '/t?client_secret=[REDACTED]&password=[REDACTED]&token=[REDACTED]',
    ],
    ['/cb#access_token=abc&token_type=bearer', '/cb#access_token=[REDACTED]&token_type=bearer'],
    ['/a?Access_Token=abc', '/a?Access_Token=[REDACTED]'],
    ['/a?access%5Ftoken=abc', '/a?access%5Ftoken=[REDACTED]'],
    ['/a?codex=1&xcode=2', '/a?codex=1&xcode=2'],
    ['/a/b', '/a/b'],
    ['/a?flag', '/a?flag'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('redactedPaths', () => {
  it('covers each secret key down to four levels and each credential header', () => {
    expect(redactedPaths).toEqual(
      expect.arrayContaining([
        'password',
        '*.password',
        '*.*.client_secret',
        '*.*.*.password',
        'headers.authorization',
        '*.headers.cookie',
        '*.*.headers["set-cookie"]',
        '*.headers["proxy-authorization"]',
      ]),
    );
  });
});
