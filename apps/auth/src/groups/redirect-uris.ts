/**
 * A group's `redirectUris`: addresses a client application of the group may send its users back
 * to. The API stores and checks them; no flow of the API redirects to them yet (docs/decisions.md,
 * "Directory: groups").
 */
import type { ErrorDetail } from '@ncs/contracts';
import { appUrlProblem } from '../apps/manifests.js';

/**
 * A group's `redirectUris`, beyond their bounds in the schema: each an app URL as a manifest's
 * redirect URIs are (absolute, https or loopback http, no user info or fragment), and each once
 * (compared as URLs, so `https://A.example/` repeats `https://a.example`). Checked before anything
 * is written; the first problem is named by its item.
 */
export function redirectUrisProblem(uris: readonly string[]): ErrorDetail | undefined {
  const seen = new Set<string>();
  for (const [i, uri] of uris.entries()) {
    const pointer = `/body/redirectUris/${i}`;
    const why = appUrlProblem(uri);
    if (why) return { pointer, message: why };
    const same = new URL(uri).href;
    if (seen.has(same)) return { pointer, message: 'repeats an earlier redirect URI' };
    seen.add(same);
  }
  return undefined;
}
