/** Plain-text tables for the operator's terminal: one header row, columns padded to fit. */
export type Column<T> = [header: string, value: (row: T) => string | number | null | undefined];

const MAX_CELL = 48;

function cell(v: string | number | null | undefined): string {
  const s = v === null || v === undefined || v === '' ? '-' : String(v);
  return s.length > MAX_CELL ? `${s.slice(0, MAX_CELL - 1)}…` : s;
}

export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map(([, get]) => cell(get(r))));
  const widths = columns.map(([h], i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map(([h]) => h)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}

/** One `key: value` per line, keys aligned. */
export function formatRecord(record: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(record).map((k) => k.length));
  return Object.entries(record)
    .map(
      ([k, v]) =>
        `${k.padEnd(width)}  ${v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join('\n');
}

/** ISO instants shortened for tables: 2027-03-01 10:00 (UTC-5, Ecuador). */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const local = new Date(Date.parse(iso) - 5 * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}
