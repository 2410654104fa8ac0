import { type ReactNode, useState } from 'react';
import { ApiError } from '../api';
import { FileCheckPick, useFileCheck } from '../components/file-pick';
import { TableRegion } from '../components/table-region';
import { Alert, Badge, Button, FormError, Modal } from '../components/ui';
import { useAction } from '../hooks';
import { type T, useT } from '../i18n';
import { fieldLabel, type RowError, rowErrorText } from './entry-labels';

export interface ImportRow<V> {
  line: number;
  status: 'valid' | 'invalid' | 'duplicate';
  errors: RowError[];
  value: V;
}

interface ImportAnswer<V> {
  data: { rows: ImportRow<V>[]; valid: number; invalid: number; duplicate: number; created?: number };
}

/**
 * A CSV import in three steps: pick a file → the server's preview (every row with its errors,
 * nothing saved) → confirm, which saves the valid rows. `columns` say what each row shows.
 */
export function CsvImportDialog<V>({
  title,
  endpoint,
  help,
  columns,
  idTypeOf,
  onClose,
  onImported,
}: {
  title: string;
  endpoint: string;
  help: ReactNode;
  columns: [string, (value: V) => ReactNode][];
  idTypeOf?: (value: V) => string | undefined;
  onClose(): void;
  onImported(created: number): void;
}) {
  const t = useT();
  const upload = useFileCheck<ImportAnswer<V>>(endpoint, (e) => fileProblemInWords(t, e));
  const preview = upload.preview?.data ?? null;
  const [created, setCreated] = useState<number | null>(null);
  const confirm = useAction(async () => {
    const answer = await upload.post<ImportAnswer<V>>(false);
    setCreated(answer.data.created ?? 0);
    onImported(answer.data.created ?? 0);
  });
  const statusText = (s: ImportRow<V>['status']) =>
    s === 'valid'
      ? t('Válida', 'Valid')
      : s === 'invalid'
        ? t('Con errores', 'Has errors')
        : t('Repetida', 'Duplicate');
  return (
    <Modal title={title} onClose={onClose}>
      {created !== null ? (
        <>
          <Alert kind="success">{t(`Filas importadas: ${created}.`, `Rows imported: ${created}.`)}</Alert>
          <Button onClick={onClose}>{t('Listo', 'Done')}</Button>
        </>
      ) : (
        <>
          <div className="muted">{help}</div>
          <FileCheckPick label={t('Archivo CSV', 'CSV file')} accept=".csv,text/csv" upload={upload} />
          {preview && (
            <>
              <output className="import-summary">
                {t(
                  `Válidas: ${preview.valid} · Con errores: ${preview.invalid} · Repetidas: ${preview.duplicate}`,
                  `Valid: ${preview.valid} · With errors: ${preview.invalid} · Duplicates: ${preview.duplicate}`,
                )}
              </output>
              <TableRegion label={t('Vista previa', 'Preview')} className="import-preview">
                <table className="table compact" aria-label={t('Vista previa', 'Preview')}>
                  <thead>
                    <tr>
                      <th className="num">{t('Línea', 'Line')}</th>
                      <th>{t('Estado', 'Status')}</th>
                      <th>{t('Errores', 'Errors')}</th>
                      {columns.map(([label]) => (
                        <th key={label}>{label}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rows.map((r) => (
                      <tr key={r.line} data-status={r.status}>
                        <td className="num">{r.line}</td>
                        <td>
                          <Badge
                            value={statusText(r.status)}
                            tone={
                              r.status === 'valid'
                                ? 'authorized'
                                : r.status === 'invalid'
                                  ? 'returned'
                                  : 'pending'
                            }
                          />
                        </td>
                        <td>
                          {r.errors.length > 0 && (
                            <ul className="row-errors">
                              {r.errors.map((e) => (
                                <li key={e.field + e.code} title={e.message}>
                                  <strong>{fieldLabel(t, e.field)}</strong>:{' '}
                                  {rowErrorText(t, e, idTypeOf?.(r.value))}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        {columns.map(([label, cell]) => (
                          <td key={label}>{cell(r.value)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <FormError error={confirm.error} />
              <div className="row">
                <Button disabled={preview.valid === 0} busy={confirm.busy} onClick={() => void confirm.run()}>
                  {t(`Importar filas válidas (${preview.valid})`, `Import valid rows (${preview.valid})`)}
                </Button>
                <Button variant="link" onClick={onClose}>
                  {t('Cancelar', 'Cancel')}
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  );
}

/** What is wrong with the file as a whole (too large, unreadable, a column missing), in words. */
function fileProblemInWords(t: T, e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.code === 'PAYLOAD_TOO_LARGE')
    return new ApiError(
      413,
      'CSV_FILE',
      t('El archivo pesa más de 1 MB.', 'The file is larger than 1 MB.'),
      [],
      true,
    );
  const fileErrors = e.errors.filter((f) => f.path === 'file');
  if (e.code !== 'VALIDATION_FAILED' || fileErrors.length === 0) return e;
  const words = fileErrors.map(({ message }) => {
    const missing = /^missing column (\w+) \(accepted headers: (.*)\)$/.exec(message);
    if (missing)
      return t(
        `Falta la columna ${fieldLabel(t, missing[1]!)} (encabezados aceptados: ${missing[2]}).`,
        `The column ${fieldLabel(t, missing[1]!)} is missing (accepted headers: ${missing[2]}).`,
      );
    const rows = /^has (\d+) rows; at most (\d+)/.exec(message);
    if (rows)
      return t(
        `El archivo tiene ${rows[1]} filas; se importan hasta ${rows[2]} a la vez.`,
        `The file has ${rows[1]} rows; up to ${rows[2]} are imported at a time.`,
      );
    if (/^is empty/.test(message)) return t('El archivo está vacío.', 'The file is empty.');
    if (/^has no rows/.test(message))
      return t('El archivo solo tiene la fila de encabezados.', 'The file has only the header row.');
    if (/^is not valid CSV/.test(message))
      return t(
        'El archivo no es un CSV válido (revisa las comillas).',
        'The file is not valid CSV (check the quotes).',
      );
    return message;
  });
  return new ApiError(e.status, 'CSV_FILE', words.join(' '), [], true);
}
