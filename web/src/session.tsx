import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { api, onSessionExpired } from './api';
import type { Answer, Issuer, SessionAnswer, Tenant } from './api-models';
import { useLang } from './i18n';
import { navigate } from './router';

/** The session key, with the two account fields the app follows (verification, language). */
type SessionInfo = Pick<SessionAnswer['session'], 'environment' | 'expiresAt'> &
  Pick<SessionAnswer['tenant'], 'emailVerified' | 'language'>;

interface SessionState {
  status: 'loading' | 'signed-out' | 'signed-in';
  session: SessionInfo | null;
  tenant: Tenant | null;
  issuers: Issuer[];
  /** The issuer documents are read and issued for (X-Issuer-Id). */
  issuerId: string | null;
  /** The document types the current issuer may issue (null while loading): only these are offered. */
  documentTypes: string[] | null;
  setIssuerId(id: string): void;
  /** Reads the current issuer's document types again (after the owner changed them). */
  reloadDocumentTypes(): Promise<void>;
  reload(): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);
const ISSUER_KEY = 'einvoice.issuer';

export function SessionProvider({ children }: { children: ReactNode }) {
  const { lang } = useLang();
  const [status, setStatus] = useState<SessionState['status']>('loading');
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [tenant, setTenant] = useState<Tenant | null>(null);
  const [issuers, setIssuers] = useState<Issuer[]>([]);
  const [issuerId, setIssuerIdState] = useState<string | null>(localStorage.getItem(ISSUER_KEY));
  const [documentTypes, setDocumentTypes] = useState<string[] | null>(null);

  const reloadDocumentTypes = useCallback(async () => {
    if (!issuerId || status !== 'signed-in') return;
    const res = await api<Answer<'/v1/issuers/{id}/document-types', 'get'>>(
      'GET',
      `/v1/issuers/${issuerId}/document-types`,
    ).catch(() => null);
    setDocumentTypes(res ? res.documentTypes : null);
  }, [issuerId, status]);
  useEffect(() => {
    void reloadDocumentTypes();
  }, [reloadDocumentTypes]);

  const reload = useCallback(async () => {
    try {
      const s = await api<SessionAnswer>('GET', '/v1/session');
      const [me, list] = await Promise.all([
        api<Answer<'/v1/tenants/me', 'get'>>('GET', '/v1/tenants/me'),
        api<Answer<'/v1/issuers', 'get'>>('GET', '/v1/issuers').catch(() => ({ issuers: [] as Issuer[] })),
      ]);
      setSession({ ...s.session, emailVerified: s.tenant.emailVerified, language: s.tenant.language });
      setTenant(me.tenant);
      setIssuers(list.issuers);
      setIssuerIdState((cur) =>
        cur && list.issuers.some((i) => i.id === cur) ? cur : (list.issuers[0]?.id ?? null),
      );
      setStatus('signed-in');
    } catch {
      setStatus('signed-out');
      setSession(null);
      setTenant(null);
    }
  }, []);

  useEffect(() => {
    void reload();
    return onSessionExpired(() => {
      setStatus('signed-out');
      if (window.location.pathname.startsWith('/app')) navigate('/signin?expired=1', { replace: true });
    });
  }, [reload]);

  // The account's email language follows the language chosen in the UI.
  useEffect(() => {
    if (status === 'signed-in' && session && session.language !== lang && tenant?.status !== 'SUSPENDED') {
      api('PATCH', '/v1/tenants/language', { body: { language: lang } })
        .then(() => setSession((s) => (s ? { ...s, language: lang } : s)))
        .catch(() => undefined);
    }
  }, [status, session, lang, tenant?.status]);

  const value: SessionState = {
    status,
    session,
    tenant,
    issuers,
    issuerId,
    documentTypes,
    reloadDocumentTypes,
    setIssuerId(id) {
      localStorage.setItem(ISSUER_KEY, id);
      setIssuerIdState(id);
    },
    reload,
    async signOut() {
      await api('POST', '/v1/session/logout').catch(() => undefined);
      setStatus('signed-out');
      setTenant(null);
      navigate('/signin');
    },
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Whether the current issuer may issue `type` (unknown while loading: not offered yet). */
export function useCanIssue(): (type: string) => boolean {
  const { documentTypes } = useSession();
  return (type) => documentTypes?.includes(type) ?? false;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('SessionProvider missing');
  return ctx;
}
