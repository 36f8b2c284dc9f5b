import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.js';

/** A render that ends when the test says, and says whether it started. */
function heldRender(result = 'done') {
  let finish!: () => void;
  const held = { started: false, render: () => Promise.resolve(''), finish: () => finish() };
  held.render = () => {
    held.started = true;
    return new Promise<string>((resolve) => {
      finish = () => resolve(result);
    });
  };
  return held;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the render queue', () => {
  it('runs at most `running` renders at once; the others wait and start in order', async () => {
    const queue = new RenderQueue({ running: 2, waiting: 4, maxWaitMs: 10_000 });
    const renders = [heldRender('a'), heldRender('b'), heldRender('c'), heldRender('d')];
    const results = renders.map((held, n) => queue.run(`k${n}`, held.render));
    await tick();
    expect(renders.map((held) => held.started)).toEqual([true, true, false, false]);
    renders[1]!.finish();
    await tick();
    expect(renders.map((held) => held.started)).toEqual([true, true, true, false]);
    renders[0]!.finish();
    await tick();
    expect(renders[3]!.started).toBe(true);
    renders[2]!.finish();
    renders[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses at once with 503 -459 when `waiting` renders already wait', async () => {
    const queue = new RenderQueue({ running: 1, waiting: 1, maxWaitMs: 10_000 });
    const first = heldRender();
    const second = heldRender();
    const running = queue.run('first', first.render);
    const waiting = queue.run('second', second.render);
    const third = heldRender();
    await expect(queue.run('third', third.render)).rejects.toMatchObject({
      errorName: 'FILES_ERR_THUMBNAILS_BUSY',
      status: 503,
      code: -459,
    });
    expect(third.started).toBe(false);
    first.finish();
    await tick();
    second.finish();
    await Promise.all([running, waiting]);
    // Room again once the queue drained.
    const later = heldRender('later');
    const result = queue.run('later', later.render);
    await tick();
    later.finish();
    expect(await result).toBe('later');
  });

  it('gives up a wait longer than `maxWaitMs` with 503 -459, and never starts that render', async () => {
    const queue = new RenderQueue({ running: 1, waiting: 4, maxWaitMs: 30 });
    const first = heldRender();
    const running = queue.run('first', first.render);
    const late = heldRender();
    await expect(queue.run('late', late.render)).rejects.toMatchObject({ code: -459 });
    first.finish();
    await running;
    await tick();
    expect(late.started).toBe(false);
  });

  it('makes a thumbnail asked for while it is being made once, for every caller, outside the queue', async () => {
    const queue = new RenderQueue({ running: 1, waiting: 0, maxWaitMs: 10_000 });
    const once = heldRender('thumbnail');
    let calls = 0;
    const render = () => {
      calls += 1;
      return once.render();
    };
    const askers = [queue.run('same', render), queue.run('same', render), queue.run('same', render)];
    await tick();
    once.finish();
    expect(await Promise.all(askers)).toEqual(['thumbnail', 'thumbnail', 'thumbnail']);
    expect(calls).toBe(1);
    // Done: the next caller renders again (the kept thumbnail is the store's business).
    const again = heldRender('again');
    const next = queue.run('same', again.render);
    await tick();
    again.finish();
    expect(await next).toBe('again');
  });

  it('frees the turn of a render that failed', async () => {
    const queue = new RenderQueue({ running: 1, waiting: 0, maxWaitMs: 10_000 });
    await expect(queue.run('bad', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run('good', () => Promise.resolve('fine'))).toBe('fine');
  });
});
