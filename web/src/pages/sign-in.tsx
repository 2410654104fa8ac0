import { useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { ActionForm } from '../components/action-form';
import { Alert, Button, Loading, TextField } from '../components/ui';
import { useAction } from '../hooks';
import { problemMessage, useT } from '../i18n';
import { Link, navigate, useLocation } from '../router';
import { useSession } from '../session';
import { PublicLayout } from './public-layout';

/** Email first, then the 6-digit code from the email (or its link, handled by MagicLinkPage). */
export function SignInPage() {
  const t = useT();
  const { query } = useLocation();
  const session = useSession();
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const start = useAction(async () => {
    await api('POST', '/v1/session/start', { body: { email } });
    setStep('code');
  });
  const verify = useAction(async () => {
    await api('POST', '/v1/session/verify', { body: { email, code } });
    await session.reload();
    navigate('/app');
  });
  return (
    <PublicLayout title={t('Ingresar', 'Sign in')}>
      {query.get('expired') && (
        <Alert kind="warning">
          {t('Tu sesión terminó; ingresa de nuevo.', 'Your session ended; sign in again.')}
        </Alert>
      )}
      <ActionForm
        action={step === 'email' ? start : verify}
        fields={step === 'email' ? ['email'] : ['code']}
        submitLabel={step === 'email' ? t('Enviar código', 'Email me a code') : t('Ingresar', 'Sign in')}
        after={
          step === 'code' && (
            <Button variant="link" onClick={() => setStep('email')}>
              {t('Usar otro correo', 'Use another email')}
            </Button>
          )
        }
      >
        {step === 'email' ? (
          <>
            <p className="muted">
              {t(
                'Te enviaremos un código de 6 dígitos y un enlace para ingresar, sin contraseña.',
                'We will email you a 6-digit code and a sign-in link: no password.',
              )}
            </p>
            <TextField
              label={t('Correo electrónico', 'Email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={start.error}
            />
          </>
        ) : (
          <>
            <Alert kind="success">
              {t(
                `Si ${email} tiene una cuenta, te enviamos un código (válido 10 minutos). También puedes abrir el enlace del correo.`,
                `If ${email} has an account, a code is on its way (valid 10 minutes). You can also open the link in the email.`,
              )}
            </Alert>
            <TextField
              label={t('Código de 6 dígitos', '6-digit code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              error={verify.error}
            />
          </>
        )}
      </ActionForm>
      <p className="links">
        <Link href="/signup">{t('Crear una cuenta', 'Create an account')}</Link>
        <Link href="/recover">
          {t('Recuperar la cuenta con el certificado', 'Recover the account with the certificate')}
        </Link>
      </p>
    </PublicLayout>
  );
}

/** /signin/link?token=…: the email's link. Consumed by a POST from here, so mail scanners' GETs do nothing. */
export function MagicLinkPage() {
  const t = useT();
  const { query } = useLocation();
  const session = useSession();
  const verify = useAction(async (token: string) => {
    await api('POST', '/v1/session/verify', { body: { token } });
    await session.reload();
    navigate('/app', { replace: true });
  });
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    void verify.run(query.get('token') ?? '');
  });
  return (
    <PublicLayout title={t('Ingresando…', 'Signing in…')}>
      {verify.error ? (
        <>
          <Alert kind="error">{problemMessage(t, verify.error)}</Alert>
          <Link href="/signin">{t('Pedir un código nuevo', 'Ask for a new code')}</Link>
        </>
      ) : (
        <Loading />
      )}
    </PublicLayout>
  );
}
