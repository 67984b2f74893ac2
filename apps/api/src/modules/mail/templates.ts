/**
 * The account e-mails in the subscriber's language (en, es, fr; anything else falls back to
 * English), each rendered as a plain-text and an HTML part that say the same thing and end with the
 * company's details. Values are escaped for HTML; texts are written here, not loaded.
 */

export type MailContent =
  | { kind: 'verification-code'; firstName: string; code: string; minutes: number }
  | { kind: 'password-reset'; firstName: string; link: string; minutes: number }
  | { kind: 'password-changed'; firstName: string; at: Date }
  | { kind: 'account-deleted'; firstName: string };

export interface CompanyDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The one thing a developer needs from the mail (code or link), for the console in outbox mode. */
  preview?: string;
}

export const MAIL_LOCALES = ['en', 'es', 'fr'] as const;
type MailLocale = (typeof MAIL_LOCALES)[number];

/** A paragraph; `{name}` placeholders are filled from the values. */
type Para = string;

interface Strings {
  hello: (firstName: string) => string;
  verification: { subject: Para; intro: Para; expiry: Para; ignore: Para };
  reset: { subject: Para; intro: Para; button: Para; expiry: Para; ignore: Para };
  changed: { subject: Para; body: Para; ifYou: Para; ifNot: Para };
  deleted: { subject: Para; body: Para; records: Para; goodbye: Para };
  footer: Para;
}

const STRINGS: Record<MailLocale, Strings> = {
  en: {
    hello: (n) => (n ? `Hi ${n},` : 'Hi,'),
    verification: {
      subject: '{code} is your {company} verification code',
      intro: 'Use this code to verify your e-mail address:',
      expiry: 'The code expires in {minutes} minutes.',
      ignore: 'If you did not create an account with {company}, you can ignore this message.',
    },
    reset: {
      subject: 'Reset your {company} password',
      intro: 'We received a request to reset the password of your {company} account. Open this link to choose a new password:',
      button: 'Choose a new password',
      expiry: 'The link works once and expires in {minutes} minutes.',
      ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    changed: {
      subject: 'Your {company} password was changed',
      body: 'The password of your {company} account was changed on {date}.',
      ifYou: 'If this was you, there is nothing more to do.',
      ifNot: 'If it was not you, reset your password right away with "Forgot password" on the login page, and contact us at {email} or {phone}.',
    },
    deleted: {
      subject: 'Your {company} account has been deleted',
      body: 'As you asked, your {company} account has been deleted and your personal details removed.',
      records: 'Records of past orders and invoices are kept for as long as the law requires.',
      goodbye: 'We are sorry to see you go. You are welcome back any time.',
    },
    footer: 'This is an automatic message from {company}.',
  },
  es: {
    hello: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
    verification: {
      subject: '{code} es tu código de verificación de {company}',
      intro: 'Usa este código para verificar tu dirección de correo electrónico:',
      expiry: 'El código caduca en {minutes} minutos.',
      ignore: 'Si no has creado una cuenta en {company}, puedes ignorar este mensaje.',
    },
    reset: {
      subject: 'Restablece tu contraseña de {company}',
      intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de {company}. Abre este enlace para elegir una contraseña nueva:',
      button: 'Elegir una contraseña nueva',
      expiry: 'El enlace solo funciona una vez y caduca en {minutes} minutos.',
      ignore: 'Si no lo has solicitado, ignora este mensaje: tu contraseña no cambiará.',
    },
    changed: {
      subject: 'Se ha cambiado tu contraseña de {company}',
      body: 'La contraseña de tu cuenta de {company} se cambió el {date}.',
      ifYou: 'Si fuiste tú, no tienes que hacer nada más.',
      ifNot: 'Si no fuiste tú, restablece tu contraseña de inmediato con «¿Olvidaste tu contraseña?» en la página de inicio de sesión y escríbenos a {email} o llámanos al {phone}.',
    },
    deleted: {
      subject: 'Tu cuenta de {company} ha sido eliminada',
      body: 'Como nos pediste, hemos eliminado tu cuenta de {company} y borrado tus datos personales.',
      records: 'Conservamos los registros de pedidos y facturas anteriores durante el tiempo que exige la ley.',
      goodbye: 'Lamentamos que te vayas. Puedes volver cuando quieras.',
    },
    footer: 'Este es un mensaje automático de {company}.',
  },
  fr: {
    hello: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    verification: {
      subject: '{code} est votre code de vérification {company}',
      intro: 'Utilisez ce code pour vérifier votre adresse e-mail :',
      expiry: 'Le code expire dans {minutes} minutes.',
      ignore: "Si vous n'avez pas créé de compte chez {company}, vous pouvez ignorer ce message.",
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe {company}',
      intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {company}. Ouvrez ce lien pour choisir un nouveau mot de passe :',
      button: 'Choisir un nouveau mot de passe',
      expiry: "Ce lien ne fonctionne qu'une fois et expire dans {minutes} minutes.",
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    },
    changed: {
      subject: 'Votre mot de passe {company} a été modifié',
      body: 'Le mot de passe de votre compte {company} a été modifié le {date}.',
      ifYou: "Si c'était vous, vous n'avez rien d'autre à faire.",
      ifNot: "Si ce n'était pas vous, réinitialisez tout de suite votre mot de passe avec « Mot de passe oublié » sur la page de connexion, et contactez-nous à {email} ou au {phone}.",
    },
    deleted: {
      subject: 'Votre compte {company} a été supprimé',
      body: 'Comme vous nous l’avez demandé, votre compte {company} a été supprimé et vos données personnelles effacées.',
      records: 'Les traces des commandes et factures passées sont conservées aussi longtemps que la loi l’exige.',
      goodbye: 'Nous regrettons votre départ. Vous serez toujours le bienvenu.',
    },
    footer: 'Ceci est un message automatique de {company}.',
  },
};

export function mailLocale(locale: string | null | undefined): MailLocale {
  const lang = (locale ?? '').split('-')[0]?.toLowerCase();
  return (MAIL_LOCALES as readonly string[]).includes(lang ?? '') ? (lang as MailLocale) : 'en';
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

type Block = { p: string } | { code: string } | { link: string; label: string };

function renderText(blocks: Block[], footer: string[]): string {
  const body = blocks.map((b) => ('p' in b ? b.p : 'code' in b ? `    ${b.code}` : b.link)).join('\n\n');
  return `${body}\n\n-- \n${footer.join('\n')}\n`;
}

function renderHtml(lang: MailLocale, subject: string, blocks: Block[], footer: string[]): string {
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px">${escapeHtml(b.p)}</p>`;
      if ('code' in b) {
        return `<p style="margin:0 0 16px;font:700 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px">${escapeHtml(b.code)}</p>`;
      }
      const href = escapeHtml(b.link);
      return (
        `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0b5cff;color:#ffffff;` +
        `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${href}">${href}</a></p>`
      );
    })
    .join('\n');
  const foot = footer.map((l) => escapeHtml(l)).join('<br>');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${body}
<hr style="border:none;border-top:1px solid #e3e6ea;margin:24px 0">
<p style="margin:0;font-size:12px;color:#5b6570">${foot}</p>
</div>
</body></html>
`;
}

export function renderMail(content: MailContent, locale: string | null | undefined, company: CompanyDetails): RenderedMail {
  const lang = mailLocale(locale);
  const s = STRINGS[lang];
  const v = { company: company.name, email: company.email, phone: company.phone };
  const hello = s.hello(content.firstName.trim());
  let subject: string;
  let blocks: Block[];
  let preview: string | undefined;
  switch (content.kind) {
    case 'verification-code': {
      const vals = { ...v, code: content.code, minutes: content.minutes };
      subject = fill(s.verification.subject, vals);
      blocks = [
        { p: hello },
        { p: fill(s.verification.intro, vals) },
        { code: content.code },
        { p: fill(s.verification.expiry, vals) },
        { p: fill(s.verification.ignore, vals) },
      ];
      preview = `code ${content.code}`;
      break;
    }
    case 'password-reset': {
      const vals = { ...v, minutes: content.minutes };
      subject = fill(s.reset.subject, vals);
      blocks = [
        { p: hello },
        { p: fill(s.reset.intro, vals) },
        { link: content.link, label: s.reset.button },
        { p: fill(s.reset.expiry, vals) },
        { p: fill(s.reset.ignore, vals) },
      ];
      preview = content.link;
      break;
    }
    case 'password-changed': {
      const date = `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(content.at)} UTC`;
      const vals = { ...v, date };
      subject = fill(s.changed.subject, vals);
      blocks = [{ p: hello }, { p: fill(s.changed.body, vals) }, { p: s.changed.ifYou }, { p: fill(s.changed.ifNot, vals) }];
      break;
    }
    case 'account-deleted': {
      subject = fill(s.deleted.subject, v);
      blocks = [{ p: hello }, { p: fill(s.deleted.body, v) }, { p: s.deleted.records }, { p: s.deleted.goodbye }];
      break;
    }
  }
  const footer = [fill(s.footer, v), company.name, company.address, `${company.phone} · ${company.email}`];
  return { subject, text: renderText(blocks, footer), html: renderHtml(lang, subject, blocks, footer), ...(preview ? { preview } : {}) };
}
