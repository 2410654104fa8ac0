import { api } from '../../api';
import { ActionForm } from '../../components/action-form';
import { Modal, TextField } from '../../components/ui';
import { money } from '../../format';
import { useAction, useUploadProgress } from '../../hooks';
import { useLang, useT } from '../../i18n';
import type { Payment } from './types';

export function ProofModal({
  payment,
  onClose,
  onDone,
}: {
  payment: Payment;
  onClose(): void;
  onDone(): void;
}) {
  const t = useT();
  const { lang } = useLang();
  const { progress, track } = useUploadProgress();
  const upload = useAction((form: FormData) =>
    track(async (onProgress) => {
      await api('PATCH', `/v1/payments/${payment.id}/proof`, { form, onProgress });
      onDone();
      onClose();
    }),
  );
  return (
    <Modal title={t('Comprobante de pago', 'Proof of payment')} onClose={onClose}>
      <p>
        {t('Total transferido:', 'Amount transferred:')} <strong>{money(payment.total_amount, lang)}</strong>
      </p>
      <ActionForm
        action={upload}
        fields={['file']}
        submitLabel={t('Enviar comprobante', 'Send proof')}
        progress={progress}
        progressLabel={t('Subiendo', 'Uploading')}
      >
        <TextField
          label={t('Archivo (PDF, PNG o JPEG, hasta 5 MB)', 'File (PDF, PNG or JPEG, up to 5 MB)')}
          name="file"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          required
          error={upload.error}
        />
      </ActionForm>
    </Modal>
  );
}
