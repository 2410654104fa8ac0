import { formatMoney } from '../../shared/money-format.js';
import type { Language } from './notification-types.js';

/** Titles and messages of the notifications this module produces, in the tenant's language. */
export interface Text {
  title: string;
  message: string;
}

export function documentAuthorizedText(
  lang: Language,
  p: { count: number; sequential: string; buyerName: string; total: string },
): Text {
  if (lang === 'en') {
    return p.count === 1
      ? {
          title: 'Document authorized',
          message: `The SRI authorized document ${p.sequential} for ${p.buyerName}, total ${formatMoney(p.total)}.`,
        }
      : {
          title: `${p.count} documents authorized`,
          message: `The SRI authorized ${p.count} documents; the latest is ${p.sequential} for ${p.buyerName}, total ${formatMoney(p.total)}.`,
        };
  }
  return p.count === 1
    ? {
        title: 'Documento autorizado',
        message: `El SRI autorizó el documento ${p.sequential} de ${p.buyerName} por ${formatMoney(p.total)}.`,
      }
    : {
        title: `${p.count} documentos autorizados`,
        message: `El SRI autorizó ${p.count} documentos; el último es el ${p.sequential} de ${p.buyerName} por ${formatMoney(p.total)}.`,
      };
}

export function certificateText(
  lang: Language,
  p: { expired: boolean; daysRemaining: number; point: string; expiryDate: string },
): Text {
  const days = (n: number) =>
    lang === 'en' ? `${n} day${n === 1 ? '' : 's'}` : `${n} día${n === 1 ? '' : 's'}`;
  if (lang === 'en') {
    return p.expired
      ? {
          title: 'Your signing certificate has expired',
          message: `The signing certificate of issuer ${p.point} expired on ${p.expiryDate}. Documents cannot be signed until you upload a new one.`,
        }
      : {
          title: 'Your signing certificate expires soon',
          message: `The signing certificate of issuer ${p.point} expires in ${days(p.daysRemaining)} (${p.expiryDate}). Renew it to keep issuing.`,
        };
  }
  return p.expired
    ? {
        title: 'Tu certificado de firma venció',
        message: `El certificado de firma del emisor ${p.point} venció el ${p.expiryDate}. No se podrán firmar documentos hasta que subas uno nuevo.`,
      }
    : {
        title: 'Tu certificado de firma vence pronto',
        message: `El certificado de firma del emisor ${p.point} vence en ${days(p.daysRemaining)} (${p.expiryDate}). Renuévalo para seguir emitiendo.`,
      };
}

export function quotaText(
  lang: Language,
  p: { threshold: 80 | 100; used: number; quota: number; percent: number },
): Text {
  if (lang === 'en') {
    return p.threshold === 100
      ? {
          title: 'You have reached your document quota',
          message: `You have issued ${p.used} of ${p.quota} documents this period (${p.percent}%). Further documents are refused until the next period or a plan upgrade.`,
        }
      : {
          title: `You have used ${p.percent}% of your document quota`,
          message: `You have issued ${p.used} of ${p.quota} documents this period (${p.percent}%).`,
        };
  }
  return p.threshold === 100
    ? {
        title: 'Alcanzaste tu cupo de documentos',
        message: `Emitiste ${p.used} de ${p.quota} documentos en este período (${p.percent}%). Los documentos adicionales se rechazan hasta el próximo período o hasta que cambies de plan.`,
      }
    : {
        title: `Usaste el ${p.percent}% de tu cupo de documentos`,
        message: `Emitiste ${p.used} de ${p.quota} documentos en este período (${p.percent}%).`,
      };
}

export function submissionFailedText(
  lang: Language,
  p: { sequential: string; status: 'RETURNED' | 'NOT_AUTHORIZED'; reason: string | null },
): Text {
  if (lang === 'en') {
    const verb = p.status === 'RETURNED' ? 'returned' : 'not authorized';
    return {
      title: 'The SRI refused a document',
      message: `Document ${p.sequential} was ${verb} by the SRI${p.reason ? `: ${p.reason}` : ''}. Correct it and rebuild it.`,
    };
  }
  const verb = p.status === 'RETURNED' ? 'devuelto' : 'no autorizado';
  return {
    title: 'El SRI rechazó un documento',
    message: `El documento ${p.sequential} fue ${verb} por el SRI${p.reason ? `: ${p.reason}` : ''}. Corrígelo y reconstrúyelo.`,
  };
}

export function emailFailedText(
  lang: Language,
  p: { sequential: string | null; recipient: string; error: string },
): Text {
  if (lang === 'en') {
    const what = p.sequential ? `The email of document ${p.sequential}` : 'An email';
    return {
      title: 'An email could not be delivered',
      message: `${what} to ${p.recipient} could not be delivered: ${p.error}.`,
    };
  }
  const what = p.sequential ? `El correo del documento ${p.sequential}` : 'Un correo';
  return {
    title: 'No se pudo entregar un correo',
    message: `${what} a ${p.recipient} no se pudo entregar: ${p.error}.`,
  };
}
