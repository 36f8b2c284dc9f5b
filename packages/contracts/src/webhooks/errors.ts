/**
 * Errors of app webhooks: codes -406 … -414 and -420 … -429. Spread into the catalogue
 * (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const webhooksErrors = {
  WEBHOOKS_ERR_NOT_FOUND: {
    status: 404,
    code: -406,
    title: 'Not Found',
    message: 'No such app in this network: an app reads its own webhook, with its own token.',
  },
  WEBHOOKS_ERR_DELIVERY_NOT_FOUND: {
    status: 404,
    code: -407,
    title: 'Not Found',
    message: 'The app has no such webhook delivery in this network.',
  },
  WEBHOOKS_ERR_NO_URL: {
    status: 409,
    code: -408,
    title: 'Conflict',
    message: "The app's manifest names no events URL to deliver to.",
  },
  WEBHOOKS_ERR_ENDPOINT_DISABLED: {
    status: 409,
    code: -409,
    title: 'Conflict',
    message: 'The webhook endpoint is disabled; re-enable it first.',
  },
} as const satisfies Record<string, ErrorDefinition>;
