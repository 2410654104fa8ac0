import { useState } from 'react';
import { api } from '../api';
import type { Answer, DocumentDetail } from '../api-models';
import { ActionForm } from '../components/action-form';
import { Alert, Modal, TextField } from '../components/ui';
import { ecuadorToday, money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';
import { type Line, LinesEditor, lineKey, toItems } from './lines-editor';

/** A credit note against an authorized invoice: its buyer, reference and lines prefilled. */
export function CreditNoteModal({ original, onClose }: { original: DocumentDetail; onClose(): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
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
    (original.items ?? []).map((i) => ({
      key: lineKey(),
      mainCode: i.mainCode,
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      rateCode: i.taxes[0]?.rateCode === '0' ? '0' : '4',
    })),
  );
  const [motivo, setMotivo] = useState('');
  const create = useAction(async () => {
    const { buyer } = original;
    const res = await api<Answer<'/v1/documents', 'post'>>('POST', '/v1/documents', {
      issuer: s.issuerId,
      body: {
        documentType: '04',
        issueDate: ecuadorToday(),
        buyer: { idType: buyer.idType, id: buyer.id, name: buyer.name, email: buyer.email },
        originalDocument: {
          documentType: original.documentType,
          number: original.number,
          issueDate: original.issueDate,
        },
        motivo,
        items: toItems(lines),
      },
    });
    onClose();
    navigate(`/app/documents/${res.document.accessKey}`);
  });
  return (
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
        fields={[
          'motivo',
          ...lines.flatMap((_, i) =>
            ['mainCode', 'description', 'quantity', 'unitPrice'].map((f) => `items[${i}].${f}`),
          ),
        ]}
        submitLabel={t('Emitir nota de crédito', 'Issue credit note')}
      >
        <TextField
          label={t('Motivo', 'Reason')}
          name="motivo"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          maxLength={300}
          required
          error={create.error}
        />
        <LinesEditor lines={lines} onChange={setLines} error={create.error} />
      </ActionForm>
    </Modal>
  );
}
