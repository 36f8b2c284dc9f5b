/**
 * Downloads of `format: 'csv'` routes (a news item's addressee export): the service answers
 * `{ csv, filename }`, sent as `text/csv` for saving, never cached; errors are problem+json as on
 * HAL routes.
 */
import { halResponder } from './hal.js';
import type { Responder } from './responder.js';

export interface CsvFile {
  readonly csv: string;
  readonly filename: string;
}

/** A file name safe in a quoted header parameter. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_') || 'export.csv';

export const csvResponder: Responder = {
  respond({ data, status }, _request, reply) {
    const file = data as CsvFile;
    return reply
      .code(status)
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${safeName(file.filename)}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(file.csv);
  },
  fail: (error, request, reply) => halResponder.fail(error, request, reply),
};
