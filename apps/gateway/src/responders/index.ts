/** One responder per route format; anything outside the route table is answered like `hal`. */
import type { RouteDefinition } from '@ncs/contracts';
import { halResponder } from './hal.js';
import { csvResponder } from './csv.js';
import { htmlResponder } from './html.js';
import { oauthResponder } from './oauth.js';
import type { Responder } from './responder.js';
// Notifications: the live stream (issue #13).
import { streamResponder } from './stream.js';
// Files and folders (issue #16).
import { fileResponder } from '../files/download.js';
import { uploadResponder } from '../files/upload.js';
// Directory: branding (issue #15).
import { assetResponder } from '../branding/asset.js';

export const responders: Readonly<Record<RouteDefinition['format'], Responder>> = {
  hal: halResponder,
  oauth: oauthResponder,
  html: htmlResponder,
  csv: csvResponder,
  // Notifications: the live stream (issue #13).
  stream: streamResponder,
  // Files and folders (issue #16).
  upload: uploadResponder,
  file: fileResponder,
  // Directory: branding (issue #15).
  asset: assetResponder,
};

export function responderFor(route: RouteDefinition | undefined): Responder {
  return responders[route?.format ?? 'hal'];
}
