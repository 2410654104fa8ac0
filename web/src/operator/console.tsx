import { useState } from 'react';
import { ActionForm } from '../components/action-form';
import { LangSwitch } from '../components/lang-switch';
import { TextField } from '../components/ui';
import { useAction } from '../hooks';
import { useT } from '../i18n';
import { admin, hasAdminToken, setAdminToken } from './admin-api';
import { PaymentsTab } from './payments-tab';
import { AgreementsTab, JobsTab, PricesTab } from './settings-tabs';
import { TenantsTab } from './tenants-tab';

type Tab = 'payments' | 'tenants' | 'agreements' | 'prices' | 'jobs';

export function OperatorConsole() {
  const t = useT();
  const [signedIn, setSignedIn] = useState(hasAdminToken());
  const [tab, setTab] = useState<Tab>('payments');
  const signIn = useAction(async (form: FormData) => {
    setAdminToken(String(form.get('token') ?? ''));
    try {
      // Any operator read proves the token.
      await admin('GET', '/payments?status=REPORTED');
      setSignedIn(true);
    } catch (e) {
      setAdminToken(null);
      throw e;
    }
  });
  if (!signedIn)
    return (
      <div className="public">
        <header className="public-top">
          <span className="brand">einvoice-ec · {t('Operador', 'Operator')}</span>
          <LangSwitch />
        </header>
        <main className="public-card">
          <h1>{t('Consola del operador', 'Operator console')}</h1>
          <ActionForm action={signIn} fields={['token']} submitLabel={t('Entrar', 'Enter')}>
            <TextField
              label={t('Token de operador (ADMIN_TOKEN)', 'Operator token (ADMIN_TOKEN)')}
              name="token"
              type="password"
              autoComplete="off"
              required
              error={signIn.error}
              hint={t('Se guarda solo en la memoria de esta pestaña.', 'Kept in this tab’s memory only.')}
            />
          </ActionForm>
        </main>
      </div>
    );
  const tabs: [Tab, string][] = [
    ['payments', t('Pagos por revisar', 'Payments to review')],
    ['tenants', t('Clientes', 'Tenants')],
    ['agreements', t('Acuerdos', 'Agreements')],
    ['prices', t('Precios', 'Prices')],
    ['jobs', t('Tareas', 'Jobs')],
  ];
  return (
    <div className="shell operator">
      <header className="topbar">
        <span className="brand">einvoice-ec · {t('Operador', 'Operator')}</span>
        <div className="spacer" />
        <LangSwitch />
        <button
          type="button"
          className="btn link"
          onClick={() => {
            setAdminToken(null);
            setSignedIn(false);
          }}
        >
          {t('Salir', 'Sign out')}
        </button>
      </header>
      <main className="main operator-main">
        <div className="tabs" role="tablist" aria-label={t('Secciones', 'Sections')}>
          {tabs.map(([id, label]) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          {tab === 'payments' && <PaymentsTab />}
          {tab === 'tenants' && <TenantsTab />}
          {tab === 'agreements' && <AgreementsTab />}
          {tab === 'prices' && <PricesTab />}
          {tab === 'jobs' && <JobsTab />}
        </div>
      </main>
    </div>
  );
}
