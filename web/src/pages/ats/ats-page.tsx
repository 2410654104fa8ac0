import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Badge, Button, Card, FormError, PageHeader, SelectField, TextField } from '../../components/ui';
import { ecuadorToday, formatDateTime } from '../../format';
import { useAction, useLoad } from '../../hooks';
import { useLang, useT } from '../../i18n';
import { Link, navigate, useLocation } from '../../router';
import { useSession } from '../../session';
import { AtsReportView, atsStatusLabel, atsStatusTone, monthNames, periodLabel } from './ats-report';
import type { AtsReport, AtsReportList } from './ats-types';

/**
 * "Anexos → ATS": pick the issuer and the period (a month; a semester for RIMPE), build the annex
 * (POST /v1/reports/ats, a background job), then read its summary and problems and download the
 * zip. The open report's id is kept in the URL (`?id=`), so a reload or a shared link shows it.
 */
export function AtsPage() {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const { query } = useLocation();
  const openId = query.get('id');
  const [issuerId, setIssuerId] = useState(s.issuerId ?? s.issuers[0]?.id ?? '');
  const headers = { 'accept-language': lang };
  const list = useLoad(
    () =>
      issuerId
        ? api<AtsReportList>('GET', `/v1/reports/ats?issuerId=${encodeURIComponent(issuerId)}&limit=12`, {
            headers,
          })
        : Promise.resolve(null),
    [issuerId, openId, lang],
  );
  return (
    <>
      <PageHeader title={t('Anexos: ATS', 'Annexes: ATS')} />
      <p className="muted">
        {t(
          'El Anexo Transaccional Simplificado se sube al SRI cada mes (cada semestre en el régimen RIMPE): compras, retenciones, ventas y anulados, armados con lo que ya está registrado aquí.',
          'The simplified transactional annex (ATS) is uploaded to the SRI every month (every semester under RIMPE): purchases, retentions, sales and voided documents, built from what is already recorded here.',
        )}
      </p>
      <PeriodPicker issuerId={issuerId} onIssuer={setIssuerId} />
      <FormError error={list.error} />
      {openId && <AtsReportView key={openId} id={openId} onSettled={list.reload} />}
      {list.data && list.data.data.length > 0 && (
        <Card title={t('Anexos generados', 'Annexes built')}>
          <ul className="doc-cards">
            {list.data.data.map((r: AtsReport) => (
              <li key={r.id} className="doc-card">
                <div className="doc-card-head">
                  <Link href={`/app/reports/ats?id=${r.id}`} className="btn link">
                    {periodLabel(t, r.period)} · {r.fileName}
                  </Link>
                  <Badge value={atsStatusLabel(t, r.status)} tone={atsStatusTone(r.status)} />
                </div>
                <span className="muted">{formatDateTime(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

/** Issuer, year, and a month or (RIMPE) a semester; "Generar" starts the job and opens it. */
function PeriodPicker({ issuerId, onIssuer }: { issuerId: string; onIssuer(id: string): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const [, mm, yyyy] = ecuadorToday().split('/');
  // The annex filed this month is last month's.
  const lastMonth = Number(mm) === 1 ? 12 : Number(mm) - 1;
  const lastYear = Number(mm) === 1 ? Number(yyyy) - 1 : Number(yyyy);
  const [kind, setKind] = useState<'month' | 'semester'>('month');
  const create = useAction(async (form: FormData) => {
    const n = (k: string) => Number(form.get(k));
    const body = {
      issuerId,
      year: n('year'),
      ...(kind === 'month' ? { month: n('month') } : { semester: n('semester') }),
    };
    const report = await api<AtsReport>('POST', '/v1/reports/ats', {
      body,
      headers: { 'accept-language': lang },
    });
    navigate(`/app/reports/ats?id=${report.id}`);
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void create.run(new FormData(e.currentTarget));
  };
  return (
    <Card title={t('Período', 'Period')}>
      <form onSubmit={submit} className="grid3" aria-label={t('Período', 'Period')} noValidate>
        <SelectField
          label={t('Emisor', 'Issuer')}
          name="issuerId"
          value={issuerId}
          onChange={(e) => onIssuer(e.target.value)}
          options={s.issuers.map((i) => [
            i.id,
            `${i.ruc} · ${i.branchCode}-${i.issuePointCode} ${i.tradeName ?? i.businessName}`,
          ])}
          error={create.error}
        />
        <TextField
          label={t('Año', 'Year')}
          name="year"
          type="number"
          inputMode="numeric"
          min={2000}
          max={Number(yyyy)}
          defaultValue={lastYear}
          error={create.error}
        />
        <SelectField
          label={t('Periodicidad', 'Frequency')}
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value === 'semester' ? 'semester' : 'month')}
          options={[
            ['month', t('Mensual', 'Monthly')],
            ['semester', t('Semestral (RIMPE)', 'Per semester (RIMPE)')],
          ]}
        />
        {kind === 'month' ? (
          <SelectField
            label={t('Mes', 'Month')}
            name="month"
            defaultValue={String(lastMonth)}
            options={monthNames(t).map((m, i) => [String(i + 1), m])}
            error={create.error}
          />
        ) : (
          <SelectField
            label={t('Semestre', 'Semester')}
            name="semester"
            defaultValue="1"
            options={[
              ['1', t('Primer semestre (enero a junio)', 'First semester (January to June)')],
              ['2', t('Segundo semestre (julio a diciembre)', 'Second semester (July to December)')],
            ]}
            error={create.error}
          />
        )}
        <div className="row">
          <Button type="submit" busy={create.busy} disabled={!issuerId}>
            {t('Generar ATS', 'Build the ATS')}
          </Button>
        </div>
      </form>
      <FormError error={create.error} fields={['issuerId', 'year', 'month', 'semester']} />
    </Card>
  );
}
