import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.js';
import { parseTxtReport, TXT_COLUMNS, TXT_MAX_ROWS } from './txt-report.js';

const DIR = 'resources/sri-samples/received/';
const HEADER = TXT_COLUMNS.join('\t');

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('parseTxtReport', () => {
  it('reads the Latin-1 CRLF file and the UTF-8 BOM LF file into the same rows', async () => {
    const latin = await parseTxtReport(readFileSync(`${DIR}0102581709001_Recibidos.latin1.txt`));
    const utf8 = await parseTxtReport(readFileSync(`${DIR}0102581709001_Recibidos.utf8-bom.txt`));
    expect(utf8).toEqual(latin);
    expect(latin).toHaveLength(8);
    expect(latin[3]!.supplierName).toBe(
      'Empresa Pública Metropolitana de Gestión Integral de Residuos Sólidos EMGIRS - EP',
    );
    expect(latin[7]!.typeLabel).toBe('Nota de Crédito');
    expect(latin.every((r) => r.problem === null)).toBe(true);
  });

  it('keeps the amounts as written: .24, 5032, empty IMPORTE_TOTAL and empty retention amounts', async () => {
    const rows = await parseTxtReport(readFileSync(`${DIR}0102581709001_Recibidos.latin1.txt`));
    expect(rows[1]).toMatchObject({ iva: '.24', total: '11.22', line: 3, issueDate: '2023-12-13' });
    expect(rows[2]).toMatchObject({ totalWithoutTaxes: '5032', total: '5032' });
    expect(rows[4]).toMatchObject({ totalWithoutTaxes: null, iva: null, total: null });
    expect(rows[7]).toMatchObject({ total: null, receiverId: '0102581709001' });
  });

  it('marks a row whose key is malformed or contradicts its cells, and goes on', async () => {
    const good = readFileSync(`${DIR}0102581709001_Recibidos.utf8-bom.txt`, 'utf8').split('\n')[1]!;
    const cells = good.split('\t');
    const badDigit = [...cells];
    badDigit[4] = `${cells[4]!.slice(0, 48)}${(Number(cells[4]![48]) + 1) % 10}`;
    const otherRuc = [...cells];
    otherRuc[0] = '1790016919001';
    const notAmount = [...cells];
    notAmount[8] = '10,49';
    const text = [
      HEADER,
      badDigit.join('\t'),
      otherRuc.join('\t'),
      notAmount.join('\t'),
      '',
      '\t\t',
      'abc\tdef',
    ].join('\r\n');
    const rows = await parseTxtReport(Buffer.from(text, 'utf8'));
    expect(rows.map((r) => r.problem)).toEqual([
      expect.stringContaining('check digit'),
      expect.stringContaining("is not the key's RUC"),
      expect.stringContaining('"10,49" is not an amount'),
      expect.stringContaining('columns'),
    ]);
  });

  it('refuses a file whose header is not the report', async () => {
    const e = await refusal(parseTxtReport(Buffer.from('RUC;NOMBRE\n1;2\n')));
    expect(e.code).toBe('PURCHASE_TXT_INVALID');
    expect(e.message).toContain('CLAVE_ACCESO');
  });

  it('refuses too many rows by counting line ends, before parsing: 1 MB of separators answers at once', async () => {
    const flood = Buffer.from(`${HEADER}\n${'\t\n'.repeat(500_000)}`.slice(0, 1024 * 1024));
    const started = performance.now();
    const e = await refusal(parseTxtReport(flood));
    expect(e.code).toBe('PURCHASE_TXT_INVALID');
    expect(e.message).toContain(`at most ${TXT_MAX_ROWS} rows`);
    // Far under a frame of a busy event loop; the old CSV path took 10 s on such a file.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('yields to the event loop while it parses the rows of a full file', async () => {
    const row = readFileSync(`${DIR}0102581709001_Recibidos.utf8-bom.txt`, 'utf8').split('\n')[1]!;
    const text = `${HEADER}\n${`${row}\n`.repeat(TXT_MAX_ROWS)}`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const parsing = parseTxtReport(Buffer.from(text));
    const rows = await parsing;
    clearInterval(timer);
    expect(rows).toHaveLength(TXT_MAX_ROWS);
    expect(ticks).toBeGreaterThan(0);
  });
});
