/**
 * Journeys: the domain event of a failed launch, which notifications turns into the
 * alert `journey_failed_to_launch` for the launcher (`data.alert`, `data.recipient`, `data.journey`).
 */
import { eventSubject } from '../core/subjects.js';

export const journeyLaunchFailedSubject = eventSubject('messaging', 'journey', 'launch_failed');
