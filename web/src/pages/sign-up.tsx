import { useEffect, useRef, useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import { Alert, Button, CheckField, FormError, Loading, ShownOnce, TextField } from '../components/ui';
import { fieldText } from '../field-messages';
import { checkPublicForm } from '../form-check';
import { useAction, useUploadProgress } from '../hooks';
import { problemMessage, useLang, useT } from '../i18n';
import { Link, navigate, useLocation } from '../router';
import { PublicLayout } from './public-layout';

const FIELDS = [
  'email',
  'ruc',
  'businessName',
  'tradeName',
  'mainAddress',
  'branchCode',
  'issuePointCode',
  'branchAddress',
  'cert',
  'certPassword',
  'logo',
  'documentTypes',
];

export function SignUpPage() {
  const t = useT();
  const { lang } = useLang();
  const { progress, track } = useUploadProgress();
  const register = useAction(async (form: FormData) => {
    form.set('emissionType', '1');
    form.set('language', lang);
    form.set('requiredAccounting', form.get('requiredAccounting') ? 'true' : 'false');
    // The emailed link lands on this app's verify page: the server's default (config/public-url.ts).
    for (const name of ['logo', 'tradeName', 'mainAddress', 'branchAddress', 'certPassword']) {
      const v = form.get(name);
      if (v === '' || (v instanceof File && v.size === 0 && v.name === '')) form.delete(name);
    }
    await track(async (onProgress) => {
      // The answer's sandbox key is not shown here: an owner who signs up for the web app needs
      // none, and a developer creates one in "Claves de API", where keys are explained.
      await api<Answer<'/v1/register', 'post'>>('POST', '/v1/register', { form, onProgress });
      const email = String(form.get('email'));
      navigate(`/signup/sent?email=${encodeURIComponent(email)}`);
    });
  });
  const checkThenRegister = async (form: FormData) => {
    // The server's rules first: a typo must not spend one of the 5 sign-ups an hour.
    const invalid = await checkPublicForm(form, lang, {
      text: [
        'email',
        'ruc',
        'businessName',
        'tradeName',
        'mainAddress',
        'branchCode',
        'issuePointCode',
        'branchAddress',
      ],
      cert: true,
      certPassword: true,
      logo: true,
      documentTypes: true,
    });
    if (invalid) return register.setError(invalid);
    await register.run(form);
  };
  const err = register.error;
  return (
    <PublicLayout title={t('Crear una cuenta', 'Create an account')} wide>
      <p className="muted">
        {t(
          'Necesitas tu firma electrónica (archivo .p12) del SRI. Empiezas en el ambiente de pruebas; pasas a producción cuando quieras.',
          'You need your electronic signature (.p12 file) from the SRI. You start in the test environment and go to production when you are ready.',
        )}
      </p>
      <ActionForm
        action={{ ...register, run: checkThenRegister }}
        fields={FIELDS}
        submitLabel={t('Crear cuenta', 'Create account')}
        progress={progress}
        progressLabel={t('Enviando', 'Uploading')}
        encType="multipart/form-data"
        aria-label={t('Registro', 'Sign-up')}
      >
        <fieldset>
          <legend>{t('Cuenta', 'Account')}</legend>
          <TextField
            label={t('Correo electrónico', 'Email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={err}
          />
        </fieldset>
        <fieldset>
          <legend>{t('Empresa', 'Business')}</legend>
          <div className="grid2">
            <TextField
              label="RUC"
              name="ruc"
              inputMode="numeric"
              maxLength={13}
              required
              error={err}
              hint={t('13 dígitos', '13 digits')}
            />
            <TextField
              label={t('Razón social', 'Legal name')}
              name="businessName"
              required
              maxLength={300}
              error={err}
            />
            <TextField
              label={t('Nombre comercial', 'Trade name')}
              name="tradeName"
              maxLength={300}
              error={err}
            />
            <TextField
              label={t('Dirección matriz', 'Head office address')}
              name="mainAddress"
              required
              maxLength={300}
              error={err}
            />
            <TextField
              label={t('Establecimiento', 'Branch code')}
              name="branchCode"
              defaultValue="001"
              maxLength={3}
              required
              error={err}
            />
            <TextField
              label={t('Punto de emisión', 'Issue point')}
              name="issuePointCode"
              defaultValue="001"
              maxLength={3}
              required
              error={err}
            />
            <TextField
              label={t('Dirección del establecimiento', 'Branch address')}
              name="branchAddress"
              maxLength={300}
              error={err}
            />
          </div>
          <CheckField
            name="requiredAccounting"
            label={t('Obligado a llevar contabilidad', 'Required to keep accounts')}
          />
          <fieldset className="plain">
            <legend>{t('Comprobantes', 'Documents')}</legend>
            <CheckField
              name="documentTypes"
              value="01"
              defaultChecked
              label={t('Factura (01)', 'Invoice (01)')}
            />
            <CheckField
              name="documentTypes"
              value="04"
              defaultChecked
              label={t('Nota de crédito (04)', 'Credit note (04)')}
            />
            {err?.fieldError('documentTypes') && (
              <small className="field-error" role="alert">
                {err.fieldError('documentTypes')!.localized
                  ? err.field('documentTypes')
                  : fieldText(t, err.field('documentTypes')!)}
              </small>
            )}
          </fieldset>
        </fieldset>
        <fieldset>
          <legend>{t('Firma electrónica y logo', 'Signature and logo')}</legend>
          <div className="grid2">
            <TextField
              label={t('Certificado (.p12)', 'Certificate (.p12)')}
              name="cert"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              required
              error={err}
            />
            <TextField
              label={t('Contraseña del certificado', 'Certificate password')}
              name="certPassword"
              type="password"
              required
              autoComplete="off"
              error={err}
            />
            <TextField
              label={t('Logo (opcional)', 'Logo (optional)')}
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/gif"
              error={err}
              hint={t('PNG, JPEG o GIF, hasta 500 KB', 'PNG, JPEG or GIF, up to 500 KB')}
            />
          </div>
        </fieldset>
      </ActionForm>
      <p className="links">
        <Link href="/signin">{t('¿Ya tienes cuenta? Ingresar', 'Already registered? Sign in')}</Link>
      </p>
    </PublicLayout>
  );
}

export function SignUpSentPage() {
  const t = useT();
  const { query } = useLocation();
  const email = query.get('email') ?? '';
  const { lang } = useLang();
  const resend = useAction(async () => {
    const form = new FormData();
    form.set('email', email);
    const invalid = await checkPublicForm(form, lang, { text: ['email'] });
    if (invalid) throw invalid;
    return api('POST', '/v1/resend-verification', { body: { email } });
  });
  const [sent, setSent] = useState(false);
  return (
    <PublicLayout title={t('Revisa tu correo', 'Check your email')}>
      <Alert kind="success">
        {t(
          `Enviamos un enlace de verificación a ${email}. Ábrelo para activar tu cuenta.`,
          `We sent a verification link to ${email}. Open it to activate your account.`,
        )}
      </Alert>
      <p className="muted">
        {t(
          'Para conectar tu propio sistema por API, crea una clave en "Claves de API" después de ingresar.',
          'To connect your own system through the API, create a key in "API keys" once signed in.',
        )}
      </p>
      <p className="muted">
        {t(
          '¿No llegó? Revisa el correo no deseado o pide otro.',
          'Nothing yet? Check your spam folder or ask for another.',
        )}
      </p>
      {sent && (
        <Alert>
          {t(
            'Si la cuenta espera verificación, va un correo nuevo.',
            'If the account awaits verification, a new email is on its way.',
          )}
        </Alert>
      )}
      <FormError error={resend.error} />
      <Button variant="secondary" busy={resend.busy} onClick={async () => setSent(!!(await resend.run()))}>
        {t('Reenviar el correo', 'Resend the email')}
      </Button>
    </PublicLayout>
  );
}

/** /verify?token=…: the verification email's link; checks, then consumes the token. */
export function VerifyPage() {
  const t = useT();
  const { query } = useLocation();
  const token = query.get('token') ?? '';
  const [email, setEmail] = useState<string | null>(null);
  const verify = useAction(async () => {
    const check = await api<{ valid: boolean; email?: string }>(
      'GET',
      `/v1/verify-email/check?token=${encodeURIComponent(token)}`,
    );
    if (!check.valid) throw Object.assign(new Error('invalid'), {});
    const res = await api<Answer<'/v1/verify-email', 'post'>>('POST', '/v1/verify-email', {
      body: { token },
    });
    setEmail(res.email);
  });
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    void verify.run();
  });
  return (
    <PublicLayout title={t('Verificación del correo', 'Email verification')}>
      {email ? (
        <>
          <Alert kind="success">
            {t(
              `Correo ${email} verificado: tu cuenta está activa.`,
              `Email ${email} verified: your account is active.`,
            )}
          </Alert>
          <Link className="btn primary" href={`/signin?email=${encodeURIComponent(email)}`}>
            {t('Ingresar', 'Sign in')}
          </Link>
        </>
      ) : verify.error ? (
        <>
          <Alert kind="error">
            {verify.error.code === 'CLIENT'
              ? t(
                  'El enlace es incorrecto, ya se usó o caducó.',
                  'The link is wrong, already used or expired.',
                )
              : problemMessage(t, verify.error)}
          </Alert>
          <Link href="/signin">{t('Ingresar o pedir un enlace nuevo', 'Sign in or ask for a new link')}</Link>
        </>
      ) : (
        <Loading />
      )}
    </PublicLayout>
  );
}

export function RecoverPage() {
  const t = useT();
  const { progress, track } = useUploadProgress();
  const [result, setResult] = useState<{ apiKey?: string; message?: string; environment?: string } | null>(
    null,
  );
  const { lang } = useLang();
  const recover = useAction(async (form: FormData) => {
    // The server's rules first: recovery shares the 5 requests an hour with sign-up.
    const invalid = await checkPublicForm(form, lang, { text: ['email'], cert: true });
    if (invalid) throw invalid;
    if (form.get('certPassword') === '') form.delete('certPassword');
    await track(async (onProgress) => setResult(await api('POST', '/v1/recover', { form, onProgress })));
  });
  return (
    <PublicLayout title={t('Recuperar la cuenta', 'Recover the account')}>
      {result ? (
        result.apiKey ? (
          <>
            <Alert kind="success">
              {t(
                'El certificado coincide. Las claves anteriores de este ambiente quedaron revocadas. Verifica tu correo con el enlace que te enviamos y luego ingresa.',
                'The certificate matches. The previous keys of this environment are revoked. Verify your email with the link we sent, then sign in.',
              )}
            </Alert>
            <ShownOnce label={t('Tu nueva clave de API', 'Your new API key')} value={result.apiKey} />
          </>
        ) : (
          // The API's generic answer (it never says whether the account exists), in the page's language.
          <Alert>
            {t(
              'Si el correo y el certificado coinciden con una cuenta, aquí verías una clave nueva y te enviaríamos un correo de verificación. Revisa el correo y el certificado.',
              'If the email and certificate match an account, a new key would show here and a verification email would be on its way. Check the email and the certificate.',
            )}
          </Alert>
        )
      ) : (
        <ActionForm
          action={recover}
          fields={['email', 'cert', 'certPassword']}
          submitLabel={t('Recuperar', 'Recover')}
          progress={progress}
          progressLabel={t('Enviando', 'Uploading')}
        >
          <p className="muted">
            {t(
              'Con el certificado registrado recibes una clave nueva y un correo de verificación.',
              'With the registered certificate you get a new key and a verification email.',
            )}
          </p>
          <TextField
            label={t('Correo electrónico', 'Email')}
            name="email"
            type="email"
            required
            error={recover.error}
          />
          <TextField
            label={t('Certificado (.p12)', 'Certificate (.p12)')}
            name="cert"
            type="file"
            accept=".p12,.pfx"
            required
            error={recover.error}
          />
          <TextField
            label={t('Contraseña del certificado', 'Certificate password')}
            name="certPassword"
            type="password"
            error={recover.error}
          />
        </ActionForm>
      )}
      <p className="links">
        <Link href="/signin">{t('Ingresar', 'Sign in')}</Link>
      </p>
    </PublicLayout>
  );
}
