/**
 * Email templates, Spanish and English, chosen by the tenant's language. Plain text is the
 * reference; the HTML version is the same content with minimal markup.
 */
export type Language = 'es' | 'en';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Wraps paragraphs (and an optional call-to-action link) in a small, client-safe HTML layout. */
/** `banner`: a warning shown above everything (sandbox documents: "PRUEBAS — SIN VALIDEZ TRIBUTARIA"). */
export function layout(paragraphs: string[], cta?: { label: string; url: string }, banner?: string): string {
  const top = banner
    ? `<p style="margin:0 0 18px;padding:10px 14px;background:#fff4e5;border:2px solid #d46b08;border-radius:6px;color:#ad4e00;font-weight:bold;text-align:center">${escapeHtml(banner)}</p>`
    : '';
  const body = top + paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('');
  const button = cta
    ? `<p style="margin:20px 0"><a href="${escapeHtml(cta.url)}" style="background:#0b5cab;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(cta.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(cta.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px">${body}${button}<hr style="border:none;border-top:1px solid #ddd;margin-top:24px"><p style="font-size:12px;color:#777">einvoice-ec</p></body></html>`;
}

export function verificationEmail(
  lang: Language,
  p: { businessName: string; link: string; ttlHours: number },
): RenderedEmail {
  if (lang === 'en') {
    const paras = [
      `Hello ${p.businessName},`,
      'Confirm your email address to activate your einvoice-ec account.',
      `The link is valid for ${p.ttlHours} hours. If you did not create this account, ignore this message.`,
    ];
    return {
      subject: 'Confirm your email address',
      text: `${paras.join('\n\n')}\n\n${p.link}\n`,
      html: layout(paras, { label: 'Confirm email', url: p.link }),
    };
  }
  const paras = [
    `Hola ${p.businessName}:`,
    'Confirma tu correo electrónico para activar tu cuenta de einvoice-ec.',
    `El enlace es válido por ${p.ttlHours} horas. Si no creaste esta cuenta, ignora este mensaje.`,
  ];
  return {
    subject: 'Confirma tu correo electrónico',
    text: `${paras.join('\n\n')}\n\n${p.link}\n`,
    html: layout(paras, { label: 'Confirmar correo', url: p.link }),
  };
}
