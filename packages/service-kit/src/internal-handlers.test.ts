import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, internalSubjectCatalogue, internalSubjects, type RequestContext } from '@ncs/contracts';
import {
  checkInternalReplies,
  compileInternalValidators,
  internalHandler,
  internalHandlerMap,
} from './internal-handlers.js';
import { createLogger } from './logger.js';
import type { HandlerContext } from './rpc-server.js';

const ctx: RequestContext = { version: '2026.1.13', requestId: 'r-1', networkEID: 'a'.repeat(24) };
const handlerContext: HandlerContext = {
  logger: createLogger({ service: 'test', level: 'silent' }),
  subject: internalSubjects.fileRead,
};
const request = (body: unknown) => ({ ctx, params: {}, query: {}, body });

/** A `fileRead` handler that records the bodies it was given. */
function recordingFileRead() {
  const seen: unknown[] = [];
  const [subject, handler] = internalHandler(internalSubjects.fileRead, ({ body }) => {
    seen.push(body);
    return { data: `${body.fileEID}:${body.start}-${body.end}` };
  });
  return { subject, handler, seen };
}

describe('internalHandler', () => {
  afterEach(() => checkInternalReplies(false));

  it('serves the subject it is given', () => {
    expect(recordingFileRead().subject).toBe('rpc.messaging.file.read');
  });

  it('refuses a body that does not match the request schema: 400, the handler never runs', async () => {
    const { handler, seen } = recordingFileRead();
    const refused = await handler(request({ fileEID: 'f', start: 'zero' }), handlerContext).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).toWire()).toMatchObject({
      status: 400,
      name: 'BAD_REQUEST',
      details: [
        { pointer: '/body/end', message: "must have required property 'end'" },
        { pointer: '/body/start', message: 'must be integer' },
      ],
    });
    await expect(handler(request(null), handlerContext)).rejects.toMatchObject({ status: 400 });
    expect(seen).toEqual([]);
  });

  it('passes a body that matches to the handler, and answers its reply', async () => {
    const { handler, seen } = recordingFileRead();
    const body = { fileEID: 'f', start: 0, end: 9 };
    await expect(handler(request(body), handlerContext)).resolves.toEqual({ data: 'f:0-9' });
    expect(seen).toEqual([body]);
  });

  it('answers 500 for a reply that does not match its schema while replies are checked, else lets it through', async () => {
    // A handler drifted from its contract (typed replies make this a compile error in real code).
    const drifted = (({ body }: { body: { fileEID: string } }) => ({ bytes: body.fileEID })) as never;
    const [, handler] = internalHandler(internalSubjects.fileRead, drifted);
    const body = { fileEID: 'f', start: 0, end: 9 };
    await expect(handler(request(body), handlerContext)).resolves.toEqual({ bytes: 'f' });

    checkInternalReplies(true);
    await expect(handler(request(body), handlerContext)).rejects.toMatchObject({ status: 500 });
    const matching = recordingFileRead();
    await expect(matching.handler(request(body), handlerContext)).resolves.toEqual({ data: 'f:0-9' });
  });

  it('refuses a subject outside the catalogue, and a map naming a subject twice', () => {
    expect(() =>
      internalHandler('rpc.kb.thing.get' as typeof internalSubjects.fileRead, () => ({ data: '' })),
    ).toThrow(/not an internal subject/);
    const entry = recordingFileRead();
    expect(() =>
      internalHandlerMap([
        [entry.subject, entry.handler],
        [entry.subject, entry.handler],
      ]),
    ).toThrow(/two handlers/);
  });

  it('compiles the validators of every schema of the catalogue', () => {
    const definitions = Object.values(internalSubjectCatalogue);
    expect(compileInternalValidators(definitions)).toBe(definitions.length * 2);
  });
});
