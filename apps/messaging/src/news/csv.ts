/** CSV as RFC 4180 writes it, with formula injection defused for spreadsheet programs. */

/** One field: quoted when it holds a comma, quote or line break; a leading `= + - @` is prefixed with `'`. */
export function csvField(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
