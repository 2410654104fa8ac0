import { type FormEvent, useEffect, useState } from 'react';
import { api, apiBlob, saveBlob } from '../api';
import type { DocumentExport } from '../api-models';
import { Button, FormError, Progress, SelectField, TextField } from '../components/ui';
import { dmyToIso, isoToDmy } from '../format';
import { useAction } from '../hooks';
import { useLang, useT } from '../i18n';

/** The list's filters as the CSV export takes them: the same query, without paging. */
function csvQuery(query: URLSearchParams): string {
  const q = new URLSearchParams(query);
  q.delete('page');
  q.delete('limit');
  q.set('format', 'csv');
  return q.toString();
}

const RUNNING = new Set(['QUEUED', 'RUNNING']);

/**
 * The accountant's month end: the list as CSV (its current filters), and a ZIP of the XML or RIDE
 * files of a date range, built in the background with its progress shown until it can be saved.
 */
export function DocumentsExport({ query, issuerId }: { query: URLSearchParams; issuerId: string }) {
  const t = useT();
  const { lang } = useLang();
  const opts = { issuer: issuerId };
  const [job, setJob] = useState<DocumentExport | null>(null);
  const csv = useAction(async () => {
    // The CSV's labels and headers in the page's language (the API words them: Accept-Language).
    const headers = { 'accept-language': lang };
    saveBlob(
      await apiBlob(`/v1/documents/export?${csvQuery(query)}`, { ...opts, headers }),
      'comprobantes.csv',
    );
  });
  const start = useAction(async (body: { from: string; to: string; kind: string }) => {
    const res = await api<{ export: DocumentExport }>('POST', '/v1/exports', { ...opts, body });
    setJob(res.export);
  });
  const save = useAction(async (current: DocumentExport) => {
    const blob = await apiBlob(current.downloadUrl!, opts);
    saveBlob(blob, `${current.kind === 'ride' ? 'RIDE' : 'XML'}-${current.from.replaceAll('/', '-')}.zip`);
  });
  const jobId = job && RUNNING.has(job.status) ? job.id : null;
  useEffect(() => {
    if (!jobId) return;
    const timer = setInterval(() => {
      void api<{ export: DocumentExport }>('GET', `/v1/exports/${jobId}`, { issuer: issuerId }).then(
        (res) => setJob(res.export),
        () => undefined,
      );
    }, 1000);
    return () => clearInterval(timer);
  }, [jobId, issuerId]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const dmy = (name: string) => {
      const v = String(f.get(name) ?? '');
      return v ? isoToDmy(v) : '';
    };
    void start.run({
      from: dmy('from'),
      to: dmy('to'),
      kind: String(f.get('kind') ?? 'xml'),
    });
  };
  const percent = job ? job.progress.percent / 100 : null;
  return (
    <section className="export" aria-label={t('Exportar', 'Export')}>
      <div className="row wrap">
        <Button variant="secondary" busy={csv.busy} onClick={() => void csv.run()}>
          {t('Exportar CSV', 'Export CSV')}
        </Button>
      </div>
      <FormError error={csv.error} />
      <form onSubmit={submit} className="row wrap" aria-label={t('Exportar ZIP', 'Export ZIP')}>
        <TextField
          label={t('Desde', 'From')}
          name="from"
          type="date"
          defaultValue={dmyToIso(query.get('from'))}
          error={start.error}
        />
        <TextField
          label={t('Hasta', 'To')}
          name="to"
          type="date"
          defaultValue={dmyToIso(query.get('to'))}
          error={start.error}
        />
        <SelectField
          label={t('Archivos', 'Files')}
          name="kind"
          defaultValue="xml"
          options={[
            ['xml', 'XML'],
            ['ride', 'RIDE (PDF)'],
          ]}
        />
        <Button type="submit" busy={start.busy} disabled={jobId !== null}>
          {t('Exportar ZIP', 'Export ZIP')}
        </Button>
      </form>
      <FormError error={start.error} fields={['from', 'to']} />
      {job && RUNNING.has(job.status) && (
        <Progress
          value={job.status === 'QUEUED' ? null : percent}
          label={t(
            `Preparando ${job.progress.done} de ${job.progress.total}`,
            `Preparing ${job.progress.done} of ${job.progress.total}`,
          )}
        />
      )}
      {job?.status === 'DONE' && (
        <div className="row wrap">
          <span>
            {t(`ZIP listo: ${job.progress.total} archivos`, `ZIP ready: ${job.progress.total} files`)}
          </span>
          <Button busy={save.busy} onClick={() => void save.run(job)}>
            {t('Descargar ZIP', 'Download ZIP')}
          </Button>
        </div>
      )}
      {job?.status === 'FAILED' && (
        <p role="alert">
          {t('La exportación falló; créela de nuevo.', 'The export failed; create it again.')}
        </p>
      )}
      <FormError error={save.error} />
    </section>
  );
}
