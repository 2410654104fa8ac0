import { useEffect } from 'react';
import { api } from '../../api';
import { FileCheckPick, useFileCheck } from '../../components/file-pick';
import { Button, Card, FormError, Loading, PageHeader, Progress } from '../../components/ui';
import { useAction, useLoad } from '../../hooks';
import { useT } from '../../i18n';
import { Link, navigate, useLocation } from '../../router';
import { ImportRowsTable, RowCounts } from './import-rows-table';
import { refusalInWords } from './purchase-labels';
import type { ImportPreview, PurchaseImport } from './purchase-types';

/**
 * The SRI portal's "Comprobantes recibidos" TXT in two steps: the dry run says what each row will
 * become (asking the SRI, saving nothing), then the import runs as a background job whose progress
 * this page polls. The import's id is kept in the URL, so a reload follows the same import.
 */
export function TxtImportPage() {
  const t = useT();
  const { query } = useLocation();
  const importId = query.get('id');
  return (
    <>
      <PageHeader title={t('Importar el reporte TXT del SRI', 'Import the SRI TXT report')}>
        <Link href="/app/purchases">← {t('Compras', 'Purchases')}</Link>
      </PageHeader>
      {importId ? <ImportProgress key={importId} id={importId} /> : <PickAndPreview />}
    </>
  );
}

function PickAndPreview() {
  const t = useT();
  const upload = useFileCheck<ImportPreview>('/v1/purchase-imports', (e) => refusalInWords(t, e));
  const preview = upload.preview;
  const start = useAction(async () => {
    const answer = await upload.post<{ import: PurchaseImport }>(false);
    navigate(`/app/purchases/import?id=${answer.import.id}`, { replace: true });
  });
  const toAdd = preview?.counts.NEW ?? 0;
  return (
    <Card>
      <p className="muted">
        {t(
          'En el portal del SRI: Comprobantes electrónicos → Comprobantes recibidos → descarga el reporte TXT y súbelo aquí tal como viene.',
          'In the SRI portal: Electronic documents → Received documents → download the TXT report and upload it here as it comes.',
        )}
      </p>
      <FileCheckPick label={t('Archivo TXT', 'TXT file')} accept=".txt,text/plain" upload={upload} />
      {preview && (
        <>
          <RowCounts counts={preview.counts} />
          <ImportRowsTable rows={preview.rows} label={t('Vista previa', 'Preview')} />
          <FormError error={start.error} />
          <div className="row">
            <Button disabled={toAdd === 0} busy={start.busy} onClick={() => void start.run()}>
              {t(`Importar (${toAdd} nuevas)`, `Import (${toAdd} new)`)}
            </Button>
            <Button variant="link" onClick={() => upload.setPreview(null)}>
              {t('Cancelar', 'Cancel')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function ImportProgress({ id }: { id: string }) {
  const t = useT();
  const job = useLoad(() => api<{ import: PurchaseImport }>('GET', `/v1/purchase-imports/${id}`), [id]);
  const imp = job.data?.import;
  // The job fetches the rows from the SRI in the background: follow it until it is done.
  useEffect(() => {
    if (!imp || imp.status === 'DONE') return;
    const timer = setTimeout(() => void job.reload(), 1000);
    return () => clearTimeout(timer);
  }, [imp, job.reload]);
  if (!imp) return job.error ? <FormError error={job.error} /> : <Loading />;
  const done = imp.status === 'DONE';
  return (
    <Card>
      {done ? (
        <output className="import-summary" data-testid="import-done">
          {t(
            `Importación terminada: ${imp.processedRows} de ${imp.totalRows} filas.`,
            `Import finished: ${imp.processedRows} of ${imp.totalRows} rows.`,
          )}
        </output>
      ) : (
        <Progress
          value={imp.totalRows ? imp.processedRows / imp.totalRows : null}
          label={t(
            `Consultando en el SRI: ${imp.processedRows} de ${imp.totalRows}`,
            `Checking with the SRI: ${imp.processedRows} of ${imp.totalRows}`,
          )}
        />
      )}
      <RowCounts counts={imp.counts} />
      <ImportRowsTable rows={imp.rows} label={t('Filas del archivo', 'Rows of the file')} />
      <div className="row">
        <Link className="btn secondary" href="/app/purchases">
          {t('Ver compras', 'See purchases')}
        </Link>
        {done && (
          <Link className="btn link" href="/app/purchases/import">
            {t('Importar otro archivo', 'Import another file')}
          </Link>
        )}
      </div>
    </Card>
  );
}
