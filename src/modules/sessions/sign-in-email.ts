import { escapeHtml, type Language, layout, type RenderedEmail } from '../mail/index.js';

/** The sign-in email: the 6-digit code (typed on the page) and the magic link (one click). */
export function signInEmail(
  lang: Language,
  p: { businessName: string; code: string; link: string; ttlMinutes: number },
): RenderedEmail {
  const en = lang === 'en';
  const paras = en
    ? [
        `Hello ${p.businessName},`,
        `Your einvoice-ec sign-in code is ${p.code}.`,
        `Type it on the sign-in page, or use the link below. Both work once and expire in ${p.ttlMinutes} minutes. If you did not ask to sign in, ignore this message: nobody can sign in without it.`,
      ]
    : [
        `Hola ${p.businessName}:`,
        `Tu código para ingresar a einvoice-ec es ${p.code}.`,
        `Escríbelo en la página de ingreso o usa el enlace de abajo. Ambos sirven una sola vez y caducan en ${p.ttlMinutes} minutos. Si no pediste ingresar, ignora este mensaje: nadie puede ingresar sin él.`,
      ];
  const codeBlock = `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:8px 0 18px">${escapeHtml(p.code)}</p>`;
  const html = layout(paras, { label: en ? 'Sign in' : 'Ingresar', url: p.link }).replace(
    '</p><p style="margin:20px 0">',
    `</p>${codeBlock}<p style="margin:20px 0">`,
  );
  return {
    subject: en ? `Your sign-in code: ${p.code}` : `Tu código de ingreso: ${p.code}`,
    text: `${paras.join('\n\n')}\n\n${p.link}\n`,
    html,
  };
}
