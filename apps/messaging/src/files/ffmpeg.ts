/**
 * Files (media): the video tool. ffmpeg is the static build shipped inside the npm
 * package `@ffmpeg-installer/ffmpeg` (a binary per platform, installed from the registry like any
 * dependency; nothing is downloaded at run time and no system package is assumed).
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let checkedPath: string | undefined;

/**
 * The ffmpeg binary's path (throws when the platform has no build). The package's own postinstall
 * only marks the binary executable; npm versions that skip install scripts leave that to us.
 */
export function ffmpegPath(): string {
  if (checkedPath) return checkedPath;
  const path = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
  checkedPath = path;
  return path;
}

/** `Duration: 00:01:02.50` of ffmpeg's report, in seconds; null when absent (`N/A`). */
export function parseDuration(report: string): number | null {
  const match = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Math.round(seconds * 1000) / 1000;
}

/** Where the poster frame is taken: one second in, or the first frame of a shorter video. */
export function posterOffset(duration: number | null): number {
  return duration !== null && duration >= 2 ? 1 : 0;
}

function run(
  args: readonly string[],
  timeoutMs: number,
): Promise<{ stdout: Buffer; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (piece: Buffer) => out.push(piece));
    child.stderr.on('data', (piece: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += piece.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr, code });
    });
  });
}

/** The duration (seconds) and a JPEG poster frame of the video at `path`. */
export async function probeVideo(path: string, timeoutMs: number) {
  const probe = await run(['-hide_banner', '-i', path], timeoutMs);
  const duration = parseDuration(probe.stderr);
  const frame = await run(
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-ss',
      String(posterOffset(duration)),
      '-i',
      path,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'mjpeg',
      'pipe:1',
    ],
    timeoutMs,
  );
  const poster = frame.code === 0 && frame.stdout.length > 0 ? frame.stdout : null;
  return { duration, poster };
}
