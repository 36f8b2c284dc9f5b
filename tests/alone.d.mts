/** Types of tests/alone.mjs (imported by vitest.config.ts and scripts/test.mjs). */
export declare const ALONE: readonly string[];
