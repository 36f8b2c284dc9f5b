/**
 * The knowledge base's collections, registered once on the service's own connection (STYLE.md §3):
 * the shared ones of `core/` and the home's own (`home/models.ts`).
 */
import type { Connection } from 'mongoose';
import { registerCoreModels, type CoreModels } from './core/models.js';
import { registerHomeModels, type HomeModels } from './home/models.js';

export interface KbModels extends CoreModels, HomeModels {}

export function registerKbModels(connection: Connection): KbModels {
  return { ...registerCoreModels(connection), ...registerHomeModels(connection) };
}
