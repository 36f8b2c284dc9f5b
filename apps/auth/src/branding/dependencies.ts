/** What the branding area (a network's theme as CSS, SVG and images) reads: the settings' themes. */
import type { CoreDependencies } from '../core/dependencies.js';
import type { SettingsStore } from '../settings/dependencies.js';

export type BrandingStore = SettingsStore;

export type BrandingDependencies = CoreDependencies<BrandingStore>;
