import type { ReactNode } from 'react';
import { LangSwitch } from '../components/lang-switch';
import { useT } from '../i18n';
import { Link } from '../router';

/** The frame of the pages before signing in: brand, language, one centred card. */
export function PublicLayout({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useT();
  return (
    <div className="public">
      <header className="public-top">
        <Link href="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" /> einvoice-ec
        </Link>
        <LangSwitch />
      </header>
      <main className={`public-card${wide ? ' wide' : ''}`}>
        <h1>{title}</h1>
        {children}
      </main>
      <footer className="public-foot">
        <span>
          {t('Facturación electrónica para Ecuador (SRI)', 'Electronic invoicing for Ecuador (SRI)')}
        </span>
        <a href="/docs">API</a>
      </footer>
    </div>
  );
}
