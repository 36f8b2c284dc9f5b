/**
 * Notifications: the live stream. A small Server-Sent Events client over `fetch` for
 * end-to-end tests: it parses events as they come and lets a test wait for one.
 */
import { mediaType } from '../api.js';
import { stack } from '../stack.js';
import { newMessage } from './messages.js';

export interface StreamEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: Record<string, unknown>;
}

export interface OpenStream {
  readonly status: number;
  readonly headers: Headers;
  /** The body of an answer that is no stream (a problem). */
  readonly problem: Record<string, unknown> | undefined;
  readonly events: StreamEvent[];
  comments: number;
  /** Resolves once the server closed the stream. */
  readonly closed: Promise<void>;
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export const streamPath = (networkEID: string) => `/networks/${networkEID}/stream`;

export interface StreamOptions {
  readonly lastEventId?: string;
  readonly accept?: string;
  readonly query?: string;
  readonly baseUrl?: string;
}

/** Opens `GET /networks/{networkEID}/stream` and reads it in the background. */
export async function openStream(
  networkEID: string,
  token: string,
  options: StreamOptions = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: options.accept ?? mediaType(),
  };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const url = `${options.baseUrl ?? stack().baseUrl}${streamPath(networkEID)}${options.query ? `?${options.query}` : ''}`;
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    problem: undefined,
    events,
    comments: 0,
    closed: Promise.resolve(),
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => abort.abort(),
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { ...stream, problem: (await response.json()) as Record<string, unknown> };
  }
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const parsed = parseBlock(block);
          if (parsed === 'comment') stream.comments += 1;
          else if (parsed) events.push(parsed);
          for (const wake of [...waiters]) wake();
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return Object.assign(stream, { closed: reading });
}

function parseBlock(block: string): StreamEvent | 'comment' | undefined {
  let id: string | undefined;
  let event = 'message';
  let data = '';
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!data) return comment ? 'comment' : undefined;
  return { id, event, data: JSON.parse(data) as Record<string, unknown> };
}

/**
 * Matches a content event of the stream (`{ type, occurredAt, actor?, data }`) of SSE event `type`
 * whose `data[key].EID` is `EID`: the message of `messaging.message.created`, the chat message of
 * `messaging.chat_message.sent` (key `chatMessage`), the person of `auth.membership.added` (`user`).
 */
export const contentAbout =
  (type: string, EID: string, key = 'message') =>
  (event: StreamEvent): boolean =>
    event.event === type &&
    (event.data.data as Record<string, { EID?: unknown } | undefined> | undefined)?.[key]?.EID === EID;

/** The events received so far that name `EID` anywhere (id, data): none for what must not arrive. */
export const eventsNaming = (stream: OpenStream, EID: string): StreamEvent[] =>
  stream.events.filter((event) => JSON.stringify(event).includes(EID));

/** Who a stream is opened for: a person of a test network. */
interface StreamHolder {
  token(): Promise<string>;
}

/**
 * The streams one test file opens, each live (its first `counters`) before it is used, all closed
 * when the file ends (`afterAll(() => live.closeAll())`).
 */
export function liveStreams() {
  const opened: OpenStream[] = [];
  return {
    async open(networkEID: string, person: StreamHolder, options: StreamOptions = {}): Promise<OpenStream> {
      const stream = await openStream(networkEID, await person.token(), options);
      opened.push(stream);
      if (stream.status !== 200)
        throw new Error(`stream: ${stream.status} ${JSON.stringify(stream.problem)}`);
      await stream.waitFor((event) => event.event === 'counters');
      return stream;
    },
    /** Streams opened otherwise (to see how an opening fails, say), closed with the others. */
    track(stream: OpenStream): OpenStream {
      opened.push(stream);
      return stream;
    },
    closeAll(): void {
      for (const stream of opened) stream.close();
    },
  };
}

/**
 * Posts on the network's timeline as `token` and waits until every stream given has it. Events
 * come in the log's order, so anything meant for those streams before it has arrived by then: a
 * negative is checked after this, never after a fixed wait.
 */
export async function barrier(
  networkEID: string,
  token: string,
  streams: readonly OpenStream[],
): Promise<void> {
  const post = await newMessage(networkEID, token, { htmlBody: '<p>Barrier</p>' });
  await Promise.all(
    streams.map((stream) => stream.waitFor(contentAbout('messaging.message.created', post.EID))),
  );
}
