// The two targets of `npm run bench` besides the platform: the baseline (bench/baseline.mjs) and the
// floor of the hop (bench/floor.mjs), each a child process; and the check that a target answers.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/prepare.mjs';
import { appNodeFlags, started } from './lifecycle.mjs';
import { logDir, ttlMs } from './settings.mjs';

export async function checkAnswer(target, headers, networkEID) {
  const response = await fetch(target.url, { headers });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 200 || body?.EID !== networkEID || typeof body?._links?.self?.href !== 'string') {
    throw new Error(`${target.name}: GET ${target.url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  target.bytes = Buffer.byteLength(text);
}

/**
 * A script of bench/ as a child process with the apps' Node flags (NODE_FLAGS, or NCS_NODE_FLAGS:
 * one runtime setting for every target, so the figures measure the design, not V8's young-generation
 * size), its output in `<logDir>/<name>.log`. Resolves once the script prints its ready line
 * (`listening <url>` or `ready`), within 30 s.
 */
async function startBenchChild(name, script, env) {
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(
    process.execPath,
    [...appNodeFlags(name, process.env), join(repoRoot, 'bench', script)],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.children.push(child); // stopped by stopAll even if it never starts
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let printed = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within 30 s:\n${tail(logFile)}`)),
      30_000,
    );
    const onData = (chunk) => {
      printed += chunk;
      if (!/^(listening|ready)\b/m.test(printed)) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve();
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code}:\n${tail(logFile)}`));
    });
  });
  return child;
}

export async function startBaseline(mongoUrl, port) {
  const child = await startBenchChild('baseline', 'baseline.mjs', {
    MONGO_URL: mongoUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    TOKEN_CACHE_TTL_MS: ttlMs,
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The floor of the hop (bench/floor.mjs): its responder, then its proxy on `port`. */
export async function startFloor(natsUrl, port) {
  const children = [];
  for (const role of ['responder', 'proxy']) {
    const name = `floor-${role}`;
    const env = { NATS_URL: natsUrl, FLOOR_ROLE: role, PORT: String(port) };
    children.push({ name, child: await startBenchChild(name, 'floor.mjs', env) });
  }
  return { url: `http://127.0.0.1:${port}`, children };
}

function tail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
