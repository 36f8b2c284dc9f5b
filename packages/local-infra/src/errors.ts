/**
 * A program the local infrastructure needs is missing and could not be installed. The message says
 * exactly what to install and how (or which variable to set instead), so callers can print it as is.
 */
export class MissingPrerequisiteError extends Error {
  override readonly name = 'MissingPrerequisiteError';
}
