/**
 * What the network operations read and are given: their own collections, and those of the areas
 * they build on (the owner's account settings, the network's labels).
 */
import type { AccountStore } from '../account/dependencies.js';
import type { CoreDependencies } from '../core/dependencies.js';
import type { LabelsStore } from '../labels/dependencies.js';
import type { NetworkAdminModels } from './models.js';

export interface NetworkAdminStore extends AccountStore, LabelsStore, NetworkAdminModels {}

export type NetworkAdminDependencies = CoreDependencies<NetworkAdminStore>;
