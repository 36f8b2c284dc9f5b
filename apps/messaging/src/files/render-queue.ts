/**
 * Files: media: the thumbnails one messaging instance renders at once. A render decodes every pixel
 * of its source on libuv's thread pool, which the rest of the service shares (sharp queues work
 * there without a bound): a few renders run, a few more wait their turn in order, and anything
 * beyond is answered 503 -459 at once (the gateway adds `Retry-After`), as is a wait longer than
 * `maxWaitMs`, so a burst never holds a request until the gateway's timeout. Requests for the same
 * thumbnail while it is being made share that one render and take no place in the queue.
 */
import { DomainError } from '@ncs/contracts';

export interface RenderLimits {
  /** Renders at once. */
  readonly running: number;
  /** Renders waiting for a turn; one more is refused. */
  readonly waiting: number;
  /** The longest wait for a turn, well within the gateway's RPC timeout (5 s by default). */
  readonly maxWaitMs: number;
}

/**
 * Two at once leave the thread pool's other two threads to the rest of the service; eight waiting
 * are about two seconds of work for sources within THUMBNAIL_SOURCE_MAX_PIXELS.
 */
export const THUMBNAIL_RENDER_LIMITS: RenderLimits = { running: 2, waiting: 8, maxWaitMs: 2_000 };

const busy = (why: string) => new DomainError('FILES_ERR_THUMBNAILS_BUSY', why);

export class RenderQueue {
  private running = 0;
  private readonly turns: (() => void)[] = [];
  private readonly inProgress = new Map<string, Promise<unknown>>();

  constructor(private readonly limits: RenderLimits) {}

  /** `render`'s result; callers of a `key` being rendered get that render's result. */
  run<T>(key: string, render: () => Promise<T>): Promise<T> {
    const shared = this.inProgress.get(key);
    if (shared) return shared as Promise<T>;
    const result = this.inTurn(render).finally(() => this.inProgress.delete(key));
    this.inProgress.set(key, result);
    return result;
  }

  private async inTurn<T>(render: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await render();
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.running) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.turns.length >= this.limits.waiting)
      return Promise.reject(busy(`${this.running} thumbnails are being made and ${this.turns.length} wait.`));
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.turns.indexOf(grant);
        if (at !== -1) this.turns.splice(at, 1);
        reject(busy(`No thumbnail could be made within ${this.limits.maxWaitMs} ms.`));
      }, this.limits.maxWaitMs);
      this.turns.push(grant);
    });
  }

  private release(): void {
    const next = this.turns.shift();
    // The turn passes on: as many run as before.
    if (next) next();
    else this.running -= 1;
  }
}
