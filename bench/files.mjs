// `npm run bench:files`: through the real platform, a 50 MB file uploaded (multipart,
// kind `file`) and downloaded through the gateway against the store: the throughput of each (MB/s)
// and the memory of the gateway and messaging processes meanwhile (VmRSS sampled every 50 ms from
// /proc/<pid>/status: before, peak during; and VmHWM, the peak since the process started). Streaming
// must keep the memory flat: the file's size must not show in the figures. Not part of `npm test`.
//
// Environment: BENCH_FILE_MB (default 50).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { out, runBench, startPlatform } from './platform.mjs';

const MB = Number(process.env.BENCH_FILE_MB ?? 50);
const SIZE = MB * 1024 * 1024;
const { rootFolderOf } = await import('../packages/contracts/dist/index.js');

/** VmRSS and VmHWM of a process, in MiB (null once it is gone). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Samples the processes' RSS every 50 ms while `work` runs; the peak per process. */
async function sampled(processes, work) {
  const peak = new Map(processes.map(({ name }) => [name, 0]));
  const sample = () => {
    for (const { name, pid } of processes) {
      const memory = memoryOf(pid);
      if (memory) peak.set(name, Math.max(peak.get(name), memory.rss));
    }
  };
  sample();
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peak };
  } finally {
    clearInterval(timer);
    sample();
  }
}

async function main() {
  const { stack, headers, networkEID, api } = await startPlatform('bench-files');
  const processes = stack.apps
    .filter((app) => app.app === 'gateway' || app.app === 'messaging')
    .map((app) => ({ name: app.app, pid: app.child.pid }));
  const group = await api(`/networks/${networkEID}/groups/`, {
    method: 'POST',
    body: JSON.stringify({ name: `Bench files ${Date.now()}` }),
  });
  const bytes = randomBytes(SIZE);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const before = new Map(processes.map(({ name, pid }) => [name, memoryOf(pid)]));
  out(`Uploading ${MB} MB…`);
  const uploaded = await sampled(processes, async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'bench.bin');
    const url = `${stack.baseUrl}/networks/${networkEID}/folders/${rootFolderOf(group.EID)}/files/?kind=file`;
    const response = await fetch(url, { method: 'POST', headers, body: form });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
    return body;
  });
  out(`Downloading ${MB} MB…`);
  const downloaded = await sampled(processes, async () => {
    const response = await fetch(
      `${stack.baseUrl}/networks/${networkEID}/files/${uploaded.result.EID}/download`,
      {
        headers,
      },
    );
    if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
    const hash = createHash('sha256');
    let length = 0;
    for await (const piece of response.body) {
      hash.update(piece);
      length += piece.length;
    }
    return { length, sha256: hash.digest('hex') };
  });
  const intact = downloaded.result.length === SIZE && downloaded.result.sha256 === sha256;
  out('');
  out(`| step | MB/s | seconds |`);
  out('| --- | --- | --- |');
  out(`| upload ${MB} MB | ${(MB / uploaded.seconds).toFixed(1)} | ${uploaded.seconds.toFixed(1)} |`);
  out(`| download ${MB} MB | ${(MB / downloaded.seconds).toFixed(1)} | ${downloaded.seconds.toFixed(1)} |`);
  out('');
  out('| process | RSS before (MiB) | peak RSS upload (MiB) | peak RSS download (MiB) | VmHWM after (MiB) |');
  out('| --- | --- | --- | --- | --- |');
  for (const { name, pid } of processes)
    out(
      `| ${name} | ${before.get(name)?.rss.toFixed(0)} | ${uploaded.peak.get(name).toFixed(0)} | ${downloaded.peak.get(name).toFixed(0)} | ${memoryOf(pid)?.hwm.toFixed(0)} |`,
    );
  out('');
  out(
    intact ? 'The downloaded bytes equal the uploaded ones (SHA-256).' : '!!! The downloaded bytes differ.',
  );
  return intact ? 0 : 1;
}

await runBench(main);
