// Test helpers of the services (`@ncs/service-kit/testing`; never imported by running code).
//
// Whether V8 gave objects one hidden class (its "map"). Objects that code builds on every request
// must share one: where each gets a new class (an object literal that starts with a spread and goes
// on, on Node 20's V8), every request makes classes that only a full collection frees
// (bench/README.md, "A hidden class per request").
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
// V8's own intrinsic, which the flag above lets a function parsed after it call.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** How many of `objects` have another hidden class than the object before them (0: one for all). */
export function hiddenClassChanges(objects: readonly object[]): number {
  let changes = 0;
  for (let i = 1; i < objects.length; i++) if (!haveSameMap(objects[i]!, objects[i - 1]!)) changes += 1;
  return changes;
}
