// Preloaded into the apps by bench/alloc.mjs (`--import`), never in production: in the apps named by
// HEAP_SAMPLE_APPS, SIGUSR2 starts V8's sampling heap profiler (every object allocated, collected
// or not, sampled every HEAP_SAMPLE_INTERVAL bytes; with HEAP_SAMPLE_SURVIVORS=1 only those no
// young-generation collection took) and a second SIGUSR2 writes its profile to
// `<HEAP_SAMPLE_DIR>/<app>.heapprofile` (a `.heapprofile` opens in Chrome DevTools' Memory tab).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const app = /apps[/\\]([^/\\]+)$/.exec(process.cwd())?.[1];
const apps = (process.env.HEAP_SAMPLE_APPS ?? '').split(',');
const dir = process.env.HEAP_SAMPLE_DIR;

if (app !== undefined && apps.includes(app) && dir) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let sampling = false;
  process.on('SIGUSR2', () => {
    sampling = !sampling;
    const step = sampling
      ? post('HeapProfiler.enable').then(() =>
          post('HeapProfiler.startSampling', {
            samplingInterval: Number(process.env.HEAP_SAMPLE_INTERVAL ?? 2048),
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: process.env.HEAP_SAMPLE_SURVIVORS !== '1',
          }),
        )
      : post('HeapProfiler.stopSampling').then(({ profile }) =>
          writeFileSync(join(dir, `${app}.heapprofile`), JSON.stringify(profile)),
        );
    step.catch((error) => process.stderr.write(`heap-sampler: ${error}\n`));
  });
}
