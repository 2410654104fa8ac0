import { useState } from 'react';
import { ActionForm } from '../components/action-form';
import { useFormIssue } from '../components/document-form';
import { IssueConfirm, SandboxNotice } from '../components/issue-confirm';
import {
  AdditionalInfoEditor,
  additionalInfoFields,
  type NameValue,
  toNameValues,
} from '../components/name-values-editor';
import { Button, Card, PageHeader, SelectField, TextField } from '../components/ui';
import { ecuadorToday } from '../format';
import { useT } from '../i18n';
import { useSession } from '../session';

interface Goods {
  key: number;
  mainCode: string;
  description: string;
  quantity: string;
}

let nextKey = 1;
const emptyGoods = (): Goods => ({ key: nextKey++, mainCode: '', description: '', quantity: '1' });
const R = 'recipients[0]';

/**
 * A guía de remisión (06): where the goods leave from, when they travel, the carrier and its
 * plate, and the recipient with the goods it receives. No amounts: a guía moves goods.
 */
export function NewWaybillPage() {
  const t = useT();
  const s = useSession();
  const today = ecuadorToday();
  const [goods, setGoods] = useState<Goods[]>([emptyGoods()]);
  const [info, setInfo] = useState<NameValue[]>([]);
  const { confirm, create } = useFormIssue(s.issuerId, (_form, get) => {
    const optional = (k: string) => (get(k) ? { [k.split('.').pop()!]: get(k) } : {});
    const body = {
      documentType: '06',
      issueDate: today,
      departureAddress: get('departureAddress'),
      transportStartDate: get('transportStartDate'),
      transportEndDate: get('transportEndDate'),
      carrier: {
        idType: get('carrier.idType'),
        id: get('carrier.id'),
        name: get('carrier.name'),
        licensePlate: get('carrier.licensePlate'),
      },
      recipients: [
        {
          id: get(`${R}.id`),
          name: get(`${R}.name`),
          address: get(`${R}.address`),
          email: get(`${R}.email`),
          transferReason: get(`${R}.transferReason`),
          ...optional(`${R}.route`),
          items: goods.map((g) => ({
            ...(g.mainCode.trim() && { mainCode: g.mainCode.trim() }),
            description: g.description.trim(),
            quantity: g.quantity.trim(),
          })),
        },
      ],
      ...(toNameValues(info) ? { additionalInfo: toNameValues(info) } : {}),
    };
    return body;
  });
  const set = (key: number, change: Partial<Goods>) =>
    setGoods((gs) => gs.map((g) => (g.key === key ? { ...g, ...change } : g)));
  const err = create.error;
  return (
    <>
      <PageHeader title={t('Nueva guía de remisión', 'New waybill')} />
      <SandboxNotice />
      <ActionForm
        action={create}
        fields={[
          'departureAddress',
          'transportStartDate',
          'transportEndDate',
          'carrier.idType',
          'carrier.id',
          'carrier.name',
          'carrier.licensePlate',
          `${R}.id`,
          `${R}.name`,
          `${R}.address`,
          `${R}.email`,
          `${R}.transferReason`,
          `${R}.route`,
          ...goods.flatMap((_, i) =>
            ['mainCode', 'description', 'quantity'].map((f) => `${R}.items[${i}].${f}`),
          ),
          ...additionalInfoFields(info),
        ]}
        submitLabel={t('Emitir guía de remisión', 'Issue waybill')}
      >
        <Card title={t('Traslado', 'Transport')}>
          <div className="grid2">
            <TextField
              label={t('Dirección de partida', 'Departure address')}
              name="departureAddress"
              required
              error={err}
            />
            <TextField
              label={t('Inicio del transporte', 'Transport start')}
              name="transportStartDate"
              defaultValue={today}
              placeholder={t('DD/MM/AAAA', 'DD/MM/YYYY')}
              required
              error={err}
            />
            <TextField
              label={t('Fin del transporte', 'Transport end')}
              name="transportEndDate"
              defaultValue={today}
              placeholder={t('DD/MM/AAAA', 'DD/MM/YYYY')}
              required
              error={err}
            />
          </div>
        </Card>
        <Card title={t('Transportista', 'Carrier')}>
          <div className="grid2">
            <SelectField
              label={t('Tipo de identificación del transportista', 'Carrier ID type')}
              name="carrier.idType"
              defaultValue="04"
              error={err}
              options={[
                ['04', 'RUC'],
                ['05', t('Cédula', 'National ID card')],
                ['06', t('Pasaporte', 'Passport')],
              ]}
            />
            <TextField
              label={t('Identificación del transportista', 'Carrier ID')}
              name="carrier.id"
              required
              error={err}
            />
            <TextField label={t('Transportista', 'Carrier name')} name="carrier.name" required error={err} />
            <TextField label={t('Placa', 'License plate')} name="carrier.licensePlate" required error={err} />
          </div>
        </Card>
        <Card title={t('Destinatario', 'Recipient')}>
          <div className="grid2">
            <TextField
              label={t('Identificación del destinatario', 'Recipient ID')}
              name={`${R}.id`}
              required
              error={err}
            />
            <TextField label={t('Destinatario', 'Recipient name')} name={`${R}.name`} required error={err} />
            <TextField
              label={t('Dirección de destino', 'Destination address')}
              name={`${R}.address`}
              required
              error={err}
            />
            <TextField
              label={t('Correo del destinatario', 'Recipient email')}
              name={`${R}.email`}
              type="email"
              required
              error={err}
            />
            <TextField
              label={t('Motivo del traslado', 'Reason for the transfer')}
              name={`${R}.transferReason`}
              defaultValue={t('Venta', 'Sale')}
              required
              error={err}
            />
            <TextField label={t('Ruta', 'Route')} name={`${R}.route`} error={err} />
          </div>
          {goods.map((g, i) => (
            <div className="grid2" key={g.key}>
              <TextField
                label={t('Código', 'Code')}
                name={`${R}.items[${i}].mainCode`}
                value={g.mainCode}
                onChange={(e) => set(g.key, { mainCode: e.target.value })}
                error={err}
              />
              <TextField
                label={t('Descripción', 'Description')}
                name={`${R}.items[${i}].description`}
                value={g.description}
                onChange={(e) => set(g.key, { description: e.target.value })}
                required
                error={err}
              />
              <TextField
                label={t('Cantidad', 'Quantity')}
                name={`${R}.items[${i}].quantity`}
                inputMode="decimal"
                value={g.quantity}
                onChange={(e) => set(g.key, { quantity: e.target.value })}
                required
                error={err}
              />
            </div>
          ))}
          <Button type="button" variant="secondary" onClick={() => setGoods((gs) => [...gs, emptyGoods()])}>
            {t('Agregar bien', 'Add goods')}
          </Button>
        </Card>
        <Card>
          <AdditionalInfoEditor rows={info} onChange={setInfo} error={err} />
        </Card>
      </ActionForm>
      <IssueConfirm
        confirm={confirm}
        title={t('¿Emitir este comprobante?', 'Issue this document?')}
        partyLabel={t('Transportista', 'Carrier')}
        total={null}
      />
    </>
  );
}
