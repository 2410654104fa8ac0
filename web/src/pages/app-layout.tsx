import { type ReactNode, useId, useRef, useState } from 'react';
import { LangSwitch } from '../components/lang-switch';
import { NotificationBell } from '../components/notification-bell';
import { Alert, Badge } from '../components/ui';
import { useT } from '../i18n';
import { label } from '../labels';
import { Link, useLocation } from '../router';
import { useSession } from '../session';

/** The signed-in frame: navigation, issuer, environment, bell, language, sign-out. */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { path } = useLocation();
  const s = useSession();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const mainRef = useRef<HTMLElement | null>(null);
  const nav: [string, string][] = [
    ['/app', t('Resumen', 'Overview')],
    ['/app/documents', t('Comprobantes', 'Documents')],
    ['/app/purchases', t('Compras', 'Purchases')],
    ['/app/reports/ats', t('Anexos: ATS', 'Annexes: ATS')],
    ['/app/customers', t('Clientes', 'Customers')],
    ['/app/products', t('Productos', 'Products')],
    ['/app/keys', t('Claves de API', 'API keys')],
    ['/app/webhooks', t('Avisos (webhooks)', 'Webhooks')],
    ['/app/issuers', t('Emisores', 'Issuers')],
    ['/app/notifications', t('Notificaciones', 'Notifications')],
    ['/app/billing', t('Plan y pagos', 'Plan and payments')],
    ['/app/production', t('Producción', 'Production')],
  ];
  const current = (href: string) => (href === '/app' ? path === '/app' : path.startsWith(href));
  return (
    <div className="shell">
      <button type="button" className="skip" onClick={() => mainRef.current?.focus()}>
        {t('Ir al contenido', 'Skip to content')}
      </button>
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen(!open)}
        >
          ☰<span className="sr-only">{t('Menú', 'Menu')}</span>
        </button>
        <Link href="/app" className="brand">
          <img src="/favicon.svg" alt="" width="26" height="26" /> einvoice-ec
        </Link>
        {s.session && (
          <Badge
            value={
              s.session.environment === 'production' ? t('Producción', 'Production') : t('Pruebas', 'Sandbox')
            }
            tone={s.session.environment}
          />
        )}
        <div className="spacer" />
        {s.issuers.length > 1 && (
          <label className="issuer-pick">
            <span className="sr-only">{t('Emisor', 'Issuer')}</span>
            <select value={s.issuerId ?? ''} onChange={(e) => s.setIssuerId(e.target.value)}>
              {s.issuers.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.branchCode}-{i.issuePointCode} {i.tradeName ?? i.businessName}
                </option>
              ))}
            </select>
          </label>
        )}
        <NotificationBell />
        <LangSwitch />
        <span className="who" title={s.tenant?.email}>
          {s.tenant?.email}
        </span>
        <button type="button" className="btn link" onClick={() => void s.signOut()}>
          {t('Salir', 'Sign out')}
        </button>
      </header>
      <div className="body">
        <nav id={navId} className={`side${open ? ' open' : ''}`} aria-label={t('Principal', 'Main')}>
          {nav.map(([href, label]) => (
            <Link
              key={href}
              href={href}
              aria-current={current(href) ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {label}
            </Link>
          ))}
        </nav>
        <main
          className="main"
          tabIndex={-1}
          ref={(el) => {
            mainRef.current = el;
          }}
        >
          {s.tenant?.status === 'SUSPENDED' && (
            <Alert kind="error">
              {t(
                'La cuenta está suspendida: puedes consultar, no modificar.',
                'The account is suspended: you can read, not change.',
              )}
              {s.tenant.suspensionReasonCode &&
                ` (${label(t, 'suspensionReason', s.tenant.suspensionReasonCode)})`}
            </Alert>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
