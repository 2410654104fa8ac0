import { Fragment } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { rateNamer, useDocumentCatalogs } from '../components/catalog-options';
import { Alert } from '../components/ui';
import { money } from '../format';
import { useLoad } from '../hooks';
import { useT } from '../i18n';
import { Link, useLocation } from '../router';
import { typeLabel } from './document-status';

type DraftAnswer = Answer<'/v1/purchases/{id}/retention', 'get'>;

/** The supporting document of the draft as GET /v1/purchases/{id}/retention gives it (docs/purchases.md). */
interface DraftSupport {
  supportCode: string;
  documentType: string;
  number: string;
  issueDate: string;
  authorizationNumber: string;
  totalWithoutTaxes: string;
  total: string;
  taxes: { code: string; rateCode: string; rate: string; taxableBase: string; taxAmount: string }[];
  [field: string]: unknown;
}

export interface RetentionDraft {
  purchaseId: string;
  subject: { idType: string; id: string; name: string };
  support: DraftSupport;
  /** The bases not yet withheld: renta on the subtotal, IVA on the VAT amount. */
  remaining: DraftAnswer['remaining'];
}

/**
 * `/app/documents/new-withholding?purchase=<id>`: the 07 prefilled from a purchase (the purchase's
 * "Emitir retención"). `loading` while it is read; `draft` null when the form opens empty.
 */
export function useRetentionDraft() {
  const purchaseId = useLocation().query.get('purchase');
  const load = useLoad(
    () =>
      purchaseId
        ? api<DraftAnswer>('GET', `/v1/purchases/${encodeURIComponent(purchaseId)}/retention`)
        : Promise.resolve(null),
    [purchaseId],
  );
  const body = load.data?.body as
    | { subject: RetentionDraft['subject']; supportingDocuments: DraftSupport[] }
    | undefined;
  const draft: RetentionDraft | null =
    purchaseId && load.data && body
      ? {
          purchaseId,
          subject: body.subject,
          support: body.supportingDocuments[0]!,
          remaining: load.data.remaining,
        }
      : null;
  return { draft, loading: Boolean(purchaseId) && load.loading && !load.data, error: load.error };
}

/** The purchase's figures, as the SRI authorized them: shown, not retyped. */
export function DraftSupportSummary({ draft }: { draft: RetentionDraft }) {
  const t = useT();
  const rateName = rateNamer(t, useDocumentCatalogs());
  const s = draft.support;
  return (
    <>
      <Alert>
        {t('Datos tomados de la compra ', 'Figures taken from the purchase ')}
        <Link href={`/app/purchases/${draft.purchaseId}`}>
          {typeLabel(t, s.documentType)} {s.number}
        </Link>
        {t(', tal como el SRI la autorizó.', ', as the SRI authorized it.')}
      </Alert>
      <dl className="totals" data-testid="draft-support">
        {s.taxes.map((x) => (
          <Fragment key={`${x.code}-${x.rateCode}`}>
            <dt>
              {rateName(x.code, x.rateCode)} · {t('base', 'base')} {money(x.taxableBase)}
            </dt>
            <dd>{money(x.taxAmount)}</dd>
          </Fragment>
        ))}
        <dt>{t('Subtotal sin impuestos', 'Subtotal before taxes')}</dt>
        <dd>{money(s.totalWithoutTaxes)}</dd>
        <dt>{t('Total', 'Total')}</dt>
        <dd>{money(s.total)}</dd>
        <dt>{t('Falta retener: base de renta', 'Left to withhold: income tax base')}</dt>
        <dd>{money(draft.remaining.renta)}</dd>
        <dt>{t('Falta retener: base de IVA', 'Left to withhold: VAT base')}</dt>
        <dd>{money(draft.remaining.iva)}</dd>
      </dl>
    </>
  );
}
