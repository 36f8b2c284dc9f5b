/**
 * Global setup of the index-coverage project: nothing to start; at the end of the run it removes the
 * directory where the services of both end-to-end stacks recorded their query shapes
 * (`NCS_QUERY_SHAPES_DIR`, chosen per run in vitest.config.ts).
 */
import { rmSync } from 'node:fs';

export default function setup(): () => void {
  return () => {
    const dir = process.env.NCS_QUERY_SHAPES_DIR;
    if (dir !== undefined && process.env.NCS_KEEP_QUERY_SHAPES === undefined) {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
