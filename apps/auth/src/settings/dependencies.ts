/**
 * What the settings area (menu, widgets, network themes) reads and is given: its own collections,
 * the apps' (menu entries of installed apps) and the groups' (a group's theme).
 */
import type { AppsStore } from '../apps/dependencies.js';
import type { CoreDependencies } from '../core/dependencies.js';
import type { GroupsStore } from '../groups/dependencies.js';
import type { SettingsModels } from './models.js';

export interface SettingsStore extends AppsStore, GroupsStore, SettingsModels {}

export type SettingsDependencies = CoreDependencies<SettingsStore>;
