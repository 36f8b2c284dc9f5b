/**
 * Resource and request schemas of the directory area "Menu, widgets, network themes, lobby, badge counters", and the link relations of its
 * resource types (spread into `linkRelations`).
 */
import type { LinkRelation } from './links.js';

export const settingsLinkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {};
