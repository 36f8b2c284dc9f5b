/**
 * One responder per route format; anything outside the route table is answered like `hal`. At the
 * top of src/ because it gathers the responders of several folders (files, branding, the stream),
 * which build on responders/ themselves.
 */
import type { RouteDefinition } from '@ncs/contracts';
import { halResponder } from './responders/hal.js';
import { csvResponder } from './responders/csv.js';
import { htmlResponder } from './responders/html.js';
import { oauthResponder } from './responders/oauth.js';
import type { Responder } from './responders/responder.js';
// Notifications: the live stream.
import { streamResponder } from './responders/stream.js';
// Files and folders.
import { fileResponder } from './files/download.js';
import { uploadResponder } from './files/upload.js';
// Directory: branding.
import { assetResponder } from './branding/asset.js';

export const responders: Readonly<Record<RouteDefinition['format'], Responder>> = {
  hal: halResponder,
  oauth: oauthResponder,
  html: htmlResponder,
  csv: csvResponder,
  // Notifications: the live stream.
  stream: streamResponder,
  // Files and folders.
  upload: uploadResponder,
  file: fileResponder,
  // Directory: branding.
  asset: assetResponder,
};

export function responderFor(route: RouteDefinition | undefined): Responder {
  return responders[route?.format ?? 'hal'];
}
