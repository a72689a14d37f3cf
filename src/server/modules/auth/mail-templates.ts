import type { Language } from "../../../contracts/common";
import type { Mail } from "../../platform/mailer";

export type ResetMailParams = { firstName: string; edition: string; link: string; ttlMinutes: number };

type ResetCopy = {
  subject: (p: ResetMailParams) => string;
  greeting: (p: ResetMailParams) => string;
  intro: string;
  button: string;
  expiry: (p: ResetMailParams) => string;
  ignore: string;
};

/** Password-reset mail in every product language (spec §1: es, ca, eu, en, pt). */
const RESET_COPY: Record<Language, ResetCopy> = {
  es: {
    subject: (p) => `Restablece tu contraseña de ${p.edition}`,
    greeting: (p) => `Hola, ${p.firstName}:`,
    intro: "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Para elegir una nueva, abre este enlace:",
    button: "Restablecer contraseña",
    expiry: (p) => `El enlace caduca en ${p.ttlMinutes} minutos y solo puede usarse una vez.`,
    ignore: "Si no lo has solicitado tú, ignora este correo: tu contraseña no cambiará.",
  },
  ca: {
    subject: (p) => `Restableix la contrasenya de ${p.edition}`,
    greeting: (p) => `Hola, ${p.firstName}:`,
    intro: "Hem rebut una sol·licitud per restablir la contrasenya del teu compte. Per triar-ne una de nova, obre aquest enllaç:",
    button: "Restableix la contrasenya",
    expiry: (p) => `L'enllaç caduca d'aquí a ${p.ttlMinutes} minuts i només es pot fer servir una vegada.`,
    ignore: "Si no ho has sol·licitat tu, ignora aquest correu: la teva contrasenya no canviarà.",
  },
  eu: {
    subject: (p) => `Berrezarri zure ${p.edition} pasahitza`,
    greeting: (p) => `Kaixo, ${p.firstName}:`,
    intro: "Zure kontuaren pasahitza berrezartzeko eskaera bat jaso dugu. Pasahitz berri bat aukeratzeko, ireki esteka hau:",
    button: "Berrezarri pasahitza",
    expiry: (p) => `Estekak ${p.ttlMinutes} minutu barru iraungiko du, eta behin bakarrik erabil daiteke.`,
    ignore: "Zuk eskatu ez baduzu, ez egin kasurik mezu honi: zure pasahitza ez da aldatuko.",
  },
  en: {
    subject: (p) => `Reset your ${p.edition} password`,
    greeting: (p) => `Hello ${p.firstName},`,
    intro: "We received a request to reset the password of your account. To choose a new one, open this link:",
    button: "Reset password",
    expiry: (p) => `The link expires in ${p.ttlMinutes} minutes and can be used only once.`,
    ignore: "If you did not ask for this, ignore this email: your password will not change.",
  },
  pt: {
    subject: (p) => `Redefina a sua senha de ${p.edition}`,
    greeting: (p) => `Olá, ${p.firstName}:`,
    intro: "Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova, abra este link:",
    button: "Redefinir senha",
    expiry: (p) => `O link expira em ${p.ttlMinutes} minutos e só pode ser usado uma vez.`,
    ignore: "Se não fez este pedido, ignore este e-mail: a sua senha não será alterada.",
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The reset mail, plain text and HTML; names come from users, so the HTML escapes them. */
export function passwordResetMail(to: string, locale: Language, params: ResetMailParams): Mail {
  const copy = RESET_COPY[locale];
  const text = [copy.greeting(params), copy.intro, params.link, copy.expiry(params), copy.ignore].join("\n\n");
  const safe: ResetMailParams = { ...params, firstName: escapeHtml(params.firstName), edition: escapeHtml(params.edition) };
  const href = escapeHtml(params.link);
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:Segoe UI,Arial,sans-serif;color:#242424">`,
    `<p>${copy.greeting(safe)}</p>`,
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#0F6CBD;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(copy.button)}</a></p>`,
    `<p style="word-break:break-all"><a href="${href}">${href}</a></p>`,
    `<p>${escapeHtml(copy.expiry(params))}</p>`,
    `<p>${escapeHtml(copy.ignore)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to, subject: copy.subject(params), text, html };
}
