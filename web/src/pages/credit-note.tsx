import { useMemo, useState } from 'react';
import { api } from '../api';
import type { Answer, DocumentDetail } from '../api-models';
import { ActionForm } from '../components/action-form';
import { rateNamer, useDocumentCatalogs } from '../components/catalog-options';
import { againstInvoice, useDocumentForm } from '../components/document-form';
import { DryRunTotals, UnplacedErrors } from '../components/dry-run';
import { IssueConfirm } from '../components/issue-confirm';
import {
  AdditionalInfoEditor,
  additionalInfoFields,
  emptyNameValue,
  type NameValue,
  toNameValues,
} from '../components/name-values-editor';
import { Alert, Modal, TextField } from '../components/ui';
import { dmyToIso, ecuadorToday, money } from '../format';
import { useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';
import { type Line, LinesEditor, lineFields, lineKey, toItems } from './lines-editor';

/**
 * A credit note against an authorized invoice: its buyer, reference and lines prefilled (with
 * their rates, discounts and details); the lines may use the invoice's own rate even when it is
 * historical (the catalog's validity on the invoice's date), plus ICE and IRBPNR.
 */

const ISSUE = ['Emitir nota de crédito', 'Issue credit note'] as const;
export function CreditNoteModal({ original, onClose }: { original: DocumentDetail; onClose(): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const catalogs = useDocumentCatalogs();
  const balance = useLoad(
    () =>
      api<Answer<'/v1/documents/{accessKey}/credit-notes', 'get'>>(
        'GET',
        `/v1/documents/${original.accessKey}/credit-notes`,
        { issuer: s.issuerId },
      ),
    [original.accessKey],
  );
  const [lines, setLines] = useState<Line[]>(() =>
    (original.items ?? []).map((i) => {
      const rate = (code: string) => i.taxes.find((x) => x.code === code)?.rateCode ?? '';
      return {
        key: lineKey(),
        mainCode: i.mainCode,
        auxiliaryCode: i.auxiliaryCode ?? '',
        description: i.description,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        discount: Number(i.discount) === 0 ? '' : i.discount,
        iva: rate('2'),
        ice: rate('3'),
        irbpnr: rate('5'),
        details: i.additionalDetails.map((d) => ({ ...emptyNameValue(), ...d })),
      };
    }),
  );
  const [motivo, setMotivo] = useState('');
  const [info, setInfo] = useState<NameValue[]>([]);
  // The issue date is today's in Ecuador, fixed when the dialog opens.
  const [issueDate] = useState(ecuadorToday);

  const body = useMemo(() => {
    const additionalInfo = toNameValues(info);
    return {
      documentType: '04',
      issueDate,
      ...againstInvoice(original),
      motivo: motivo.trim(),
      items: toItems(lines, catalogs),
      ...(additionalInfo ? { additionalInfo } : {}),
    };
  }, [original, issueDate, motivo, lines, info, catalogs]);
  const totalsBody = useMemo(
    () => ({ ...body, motivo: body.motivo || '-', additionalInfo: undefined }),
    [body],
  );
  const fields = ['motivo', ...lineFields(lines), ...additionalInfoFields(info)];
  const { dry, fieldError, unplaced, create, confirm, onBlurCapture } = useDocumentForm({
    body,
    totalsBody,
    ready: catalogs !== null,
    issuer: s.issuerId,
    fields,
    onCreated: (accessKey) => {
      onClose();
      navigate(`/app/documents/${accessKey}`);
    },
  });
  return (
    <>
      <Modal
        title={t(`Nota de crédito para ${original.number}`, `Credit note for ${original.number}`)}
        onClose={onClose}
      >
        {balance.data && (
          <Alert>
            {t('Saldo por acreditar:', 'Remaining to credit:')}{' '}
            <strong>{money(balance.data.remainingBalance, lang)}</strong>
          </Alert>
        )}
        <ActionForm
          action={create}
          fields={fields}
          submitLabel={t('Emitir nota de crédito', 'Issue credit note')}
          onBlurCapture={onBlurCapture}
        >
          <TextField
            label={t('Motivo', 'Reason')}
            name="motivo"
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            maxLength={300}
            error={fieldError}
          />
          <LinesEditor
            lines={lines}
            onChange={setLines}
            error={fieldError}
            catalogs={catalogs}
            creditedIso={dmyToIso(original.issueDate)}
            computed={dry.document}
          />
          <AdditionalInfoEditor rows={info} onChange={setInfo} error={fieldError} />
          <DryRunTotals document={dry.document} pending={dry.pending} rateName={rateNamer(t, catalogs)} />
          <UnplacedErrors errors={unplaced} />
        </ActionForm>
      </Modal>
      <IssueConfirm
        confirm={confirm}
        title={t(`¿${ISSUE[0]}?`, `${ISSUE[1]}?`)}
        partyLabel={t('Cliente', 'Buyer')}
      />
    </>
  );
}
