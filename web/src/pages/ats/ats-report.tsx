import { useEffect, useRef } from 'react';
import { api, apiBlob, saveBlob } from '../../api';
import { Alert, Badge, Button, Card, FormError, Loading, Progress } from '../../components/ui';
import { formatDateTime } from '../../format';
import { useAction, useLoad } from '../../hooks';
import { type T, useLang, useT } from '../../i18n';
import { AtsProblems, AtsSummaryView } from './ats-summary';
import type { AtsReport, AtsStatus } from './ats-types';

const MONTHS_ES = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre';
const MONTHS_EN = 'January February March April May June July August September October November December';

export function monthNames(t: T): string[] {
  return t(MONTHS_ES, MONTHS_EN).split(' ');
}

export function periodLabel(t: T, p: AtsReport['period']): string {
  if (p.month) return `${monthNames(t)[p.month - 1]} ${p.year}`;
  return t(`Semestre ${p.semester} de ${p.year}`, `Semester ${p.semester} of ${p.year}`);
}

const STATUS: Record<AtsStatus, [string, string]> = {
  QUEUED: ['En cola', 'Queued'],
  RUNNING: ['Generando', 'Building'],
  DONE: ['Listo', 'Ready'],
  REFUSED: ['Con problemas por corregir', 'Has problems to fix'],
  FAILED: ['Falló', 'Failed'],
  EXPIRED: ['Archivo vencido: vuelva a generarlo', 'File expired: build it again'],
};

export function atsStatusLabel(t: T, s: AtsStatus): string {
  const l = STATUS[s];
  return l ? t(l[0], l[1]) : s;
}

export function atsStatusTone(s: AtsStatus): string {
  return s === 'DONE' ? 'authorized' : s === 'REFUSED' || s === 'FAILED' ? 'error' : 'pending';
}

const IN_FLIGHT = new Set<AtsStatus>(['QUEUED', 'RUNNING']);

/**
 * One report: its progress while the job runs, then its summary, its problems and the download.
 * `onSettled` runs when a job followed here ends, so the list of reports shows its final status too.
 */
export function AtsReportView({ id, onSettled }: { id: string; onSettled(): void }) {
  const t = useT();
  const { lang } = useLang();
  const load = useLoad(
    () =>
      api<AtsReport>('GET', `/v1/reports/ats/${encodeURIComponent(id)}`, {
        headers: { 'accept-language': lang },
      }),
    [id, lang],
  );
  const r = load.data;
  // The job builds and validates the file in the background: follow it until it ends.
  useEffect(() => {
    if (!r || !IN_FLIGHT.has(r.status)) return;
    const timer = setTimeout(() => void load.reload(), 1000);
    return () => clearTimeout(timer);
  }, [r, load.reload]);
  const wasInFlight = useRef(false);
  useEffect(() => {
    if (!r) return;
    if (IN_FLIGHT.has(r.status)) wasInFlight.current = true;
    else if (wasInFlight.current) {
      wasInFlight.current = false;
      onSettled();
    }
  }, [r, onSettled]);
  const download = useAction(async () => {
    const blob = await apiBlob(r!.download!.url);
    saveBlob(blob, r!.fileName);
  });
  if (!r) return load.error ? <FormError error={load.error} /> : <Loading />;
  return (
    <Card title={`ATS ${periodLabel(t, r.period)} · RUC ${r.ruc}`} className="ats-report">
      <div className="row wrap">
        <Badge value={atsStatusLabel(t, r.status)} tone={atsStatusTone(r.status)} />
        <span className="muted">
          {formatDateTime(r.createdAt)}
          {r.finishedAt && ` → ${formatDateTime(r.finishedAt)}`}
        </span>
      </div>
      {IN_FLIGHT.has(r.status) && (
        <Progress
          value={r.progress.total ? r.progress.done / r.progress.total : null}
          label={t(
            `Armando el anexo: ${r.progress.done} de ${r.progress.total}`,
            `Building the annex: ${r.progress.done} of ${r.progress.total}`,
          )}
        />
      )}
      {r.status === 'FAILED' && (
        <Alert kind="error">
          {t('No se pudo generar el anexo: ', 'The annex could not be built: ')}
          {r.error?.message}
        </Alert>
      )}
      {r.status === 'REFUSED' && (
        <Alert kind="warning">
          {t(
            'El archivo no se entrega hasta corregir los errores de la lista: un dato sin valor seguro nunca se llena a ciegas.',
            'The file is withheld until the errors listed are fixed: data with no safe default is never filled in blindly.',
          )}
        </Alert>
      )}
      {r.summary && <AtsSummaryView summary={r.summary} />}
      <AtsProblems problems={r.problems} />
      {r.status === 'DONE' && r.download && (
        <div className="toolbar">
          <Button busy={download.busy} onClick={() => void download.run()}>
            {t(`Descargar ${r.fileName}`, `Download ${r.fileName}`)} ({Math.ceil(r.download.size / 1024)} KB)
          </Button>
        </div>
      )}
      <FormError error={download.error} />
    </Card>
  );
}
