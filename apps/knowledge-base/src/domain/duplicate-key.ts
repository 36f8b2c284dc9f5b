/** MongoDB's duplicate-key error (E11000), raised by MongoDB and FerretDB alike. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
