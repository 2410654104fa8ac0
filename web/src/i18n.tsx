import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { ApiError } from './api';

export type Lang = 'es' | 'en';

/** `t('Texto', 'Text')`: each string is written in both languages where it is used. */
export type T = (es: string, en: string) => string;

interface LangState {
  lang: Lang;
  setLang(lang: Lang): void;
  t: T;
}

const LangContext = createContext<LangState | null>(null);
const STORAGE_KEY = 'einvoice.lang';

function initialLang(): Lang {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'es' || saved === 'en') return saved;
  return 'es';
}

export function LangProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<LangState>(
    () => ({
      lang,
      setLang(next) {
        localStorage.setItem(STORAGE_KEY, next);
        setLangState(next);
      },
      t: (es, en) => (lang === 'en' ? en : es),
    }),
    [lang],
  );
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangState {
  const ctx = useContext(LangContext);
  if (!ctx) throw new Error('LangProvider missing');
  return ctx;
}

export function useT(): T {
  return useLang().t;
}

/** What a problem code means for a person, in the UI language; the API's detail otherwise. */
const CODE_MESSAGES: Record<string, [string, string]> = {
  NETWORK: [
    'No se puede contactar al servicio; revisa tu conexión.',
    'The service cannot be reached; check your connection.',
  ],
  VALIDATION_FAILED: ['Revisa los campos marcados.', 'Check the highlighted fields.'],
  INVALID_OR_EXPIRED_TOKEN: [
    'El código o enlace es incorrecto, ya se usó o caducó. Pide uno nuevo.',
    'The code or link is wrong, already used or expired. Ask for a new one.',
  ],
  CONFLICT: [
    'Ya existe una cuenta con ese correo o RUC.',
    'An account with that email or RUC already exists.',
  ],
  TOO_MANY_REQUESTS: ['Demasiados intentos; espera un momento.', 'Too many attempts; wait a moment.'],
  CERTIFICATE_INVALID: [
    'El archivo no es un certificado P12 válido.',
    'The file is not a valid P12 certificate.',
  ],
  CERTIFICATE_PASSWORD_INVALID: [
    'La contraseña del certificado es incorrecta.',
    'The certificate password is wrong.',
  ],
  CERTIFICATE_EXPIRED: ['El certificado ya caducó.', 'The certificate has expired.'],
  CERTIFICATE_KEY_NOT_FOUND: [
    'El certificado no contiene una clave de firma.',
    'The certificate holds no signing key.',
  ],
  INVALID_FILE_UPLOAD: ['El archivo no es aceptado.', 'The file is not accepted.'],
  EMAIL_VERIFICATION_REQUIRED: [
    'Primero verifica tu correo electrónico.',
    'Verify your email address first.',
  ],
  ACCOUNT_SUSPENDED: ['La cuenta está suspendida: solo lectura.', 'The account is suspended: read only.'],
  API_KEY_LIMIT_REACHED: ['Tu plan no permite más claves activas.', 'Your plan allows no more active keys.'],
  WEBHOOK_ENDPOINT_LIMIT_REACHED: ['Tu plan no permite más webhooks.', 'Your plan allows no more webhooks.'],
  PRODUCTION_KEY_REQUIRES_PROMOTION: [
    'Las claves de producción existen después de pasar a producción.',
    'Production keys exist only after going to production.',
  ],
  SCOPE_ESCALATION_FORBIDDEN: [
    'No puedes otorgar permisos que no tienes.',
    'You cannot grant scopes you lack.',
  ],
  DOCUMENT_VOID_CONFIRMATION_REQUIRED: [
    'Confirma que ya anulaste el comprobante en el portal del SRI.',
    'Confirm you already voided the document in the SRI portal.',
  ],
  DOCUMENT_NOT_VOIDABLE: [
    'Desde 2026 una factura a consumidor final no se anula ni admite nota de crédito (Res. NAC-DGERCGC25-00000017).',
    'Since 2026 a final-consumer invoice can be neither voided nor credited (Res. NAC-DGERCGC25-00000017).',
  ],
  DOCUMENT_VOID_WINDOW_CLOSED: [
    'Venció el plazo de anulación (día 7 del mes siguiente): emite una nota de crédito.',
    'The voiding window closed (day 7 of the next month): issue a credit note.',
  ],
  DOCUMENT_NOT_AUTHORIZED: [
    'Solo se anulan comprobantes autorizados.',
    'Only authorized documents can be voided.',
  ],
  ISSUER_ISSUING_PAUSED: [
    'La emisión de este punto está pausada.',
    'Issuing is paused for this issue point.',
  ],
  SEQUENTIAL_CANNOT_DECREASE: [
    'El secuencial debe ser mayor que el actual.',
    'The sequential must be above the current one.',
  ],
  VERSION_MISMATCH: ['Los términos cambiaron; vuelve a leerlos.', 'The terms changed; read them again.'],
  SUBSCRIPTION_ALREADY_IN_FLIGHT: [
    'Ya tienes una suscripción en curso.',
    'You already have a subscription in progress.',
  ],
  TIER_CHANGE_NO_OP: ['Ese ya es tu plan.', 'That is already your plan.'],
  TIER_CHANGE_ALREADY_PENDING: ['Ya hay un cambio de plan pendiente.', 'A plan change is already pending.'],
  CANCELLATION_ALREADY_PENDING: ['La cancelación ya está programada.', 'Cancellation is already scheduled.'],
  REQUIRES_PRODUCTION: ['Disponible solo en producción.', 'Available in production only.'],
  DOCUMENT_QUOTA_EXCEEDED: [
    'Llegaste al límite de comprobantes de tu plan.',
    "You reached your plan's document quota.",
  ],
  FORBIDDEN: ['No permitido.', 'Not allowed.'],
  NOT_FOUND: ['No encontrado.', 'Not found.'],
  UNAUTHORIZED: ['Tu sesión terminó; ingresa de nuevo.', 'Your session ended; sign in again.'],
  BAD_REQUEST: ['La solicitud no es válida.', 'The request is not valid.'],
  DOCUMENT_TYPE_NOT_ENABLED: [
    'Este emisor no tiene habilitado ese tipo de comprobante.',
    'This issuer has not enabled that document type.',
  ],
  INVALID_TIER: ['Ese plan no existe.', 'That plan does not exist.'],
  INVALID_BILLING_INTERVAL: ['Esa periodicidad no existe.', 'That billing interval does not exist.'],
  ISSUER_ID_INVALID: ['El emisor elegido no es válido.', 'The chosen issuer is not valid.'],
  API_KEY_ENV_MISMATCH: [
    'La clave es de otro ambiente; ingresa de nuevo.',
    'The key belongs to another environment; sign in again.',
  ],
  ISSUER_FORBIDDEN: ['No tienes acceso a este emisor.', 'You have no access to this issuer.'],
  INTERNAL_SERVICE_ONLY: ['Acción reservada al servicio.', 'Reserved for the service.'],
  INSUFFICIENT_SCOPE: [
    'La clave no tiene el permiso para esta acción.',
    'The key lacks the permission for this action.',
  ],
  ISSUER_HAS_DOCUMENTS: [
    'El emisor ya tiene comprobantes y no se puede eliminar.',
    'The issuer has documents and cannot be deleted.',
  ],
  ISSUER_NOT_FOUND: ['No se encontró el emisor.', 'Issuer not found.'],
  NO_ACTIVE_SUBSCRIPTION: ['No tienes un plan activo.', 'You have no active plan.'],
  PAYLOAD_TOO_LARGE: ['El archivo o los datos son demasiado grandes.', 'The file or data is too large.'],
  UNSUPPORTED_MEDIA_TYPE: ['Ese tipo de archivo no se acepta.', 'That file type is not accepted.'],
  INTERNAL_ERROR: [
    'El servicio tuvo un problema; intenta de nuevo en un momento.',
    'The service had a problem; try again in a moment.',
  ],
  SERVICE_UNAVAILABLE: [
    'El servicio no está disponible ahora; intenta en un momento.',
    'The service is unavailable right now; try again in a moment.',
  ],
  CLIENT: ['Algo falló en esta página; recárgala.', 'Something failed on this page; reload it.'],
};

/** A code without its own message (a newer server): what its status says. */
const STATUS_MESSAGES: Record<number, [string, string]> = {
  400: ['Revisa los datos enviados.', 'Check the data you sent.'],
  401: CODE_MESSAGES.UNAUTHORIZED!,
  402: ['Tu plan no lo permite.', 'Your plan does not allow it.'],
  403: CODE_MESSAGES.FORBIDDEN!,
  404: CODE_MESSAGES.NOT_FOUND!,
  409: [
    'Choca con el estado actual; recarga la página.',
    'It conflicts with the current state; reload the page.',
  ],
  429: CODE_MESSAGES.TOO_MANY_REQUESTS!,
};

export function problemMessage(t: T, error: Pick<ApiError, 'code' | 'status'>): string {
  const known =
    CODE_MESSAGES[error.code] ??
    STATUS_MESSAGES[error.status] ??
    (error.status >= 500 ? CODE_MESSAGES.INTERNAL_ERROR! : CODE_MESSAGES.CLIENT!);
  return t(known[0], known[1]);
}
