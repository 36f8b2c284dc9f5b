/** What the labels area reads and is given. */
import type { CoreDependencies } from '../core/dependencies.js';
import type { CoreModels } from '../core/models.js';
import type { LabelsModels } from './models.js';

export interface LabelsStore extends CoreModels, LabelsModels {}

export type LabelsDependencies = CoreDependencies<LabelsStore>;
