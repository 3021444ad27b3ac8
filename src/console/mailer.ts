// Console mail (sign-in links). DECISIONS.md: through SMTP when SMTP_URL is set, otherwise
// to the outbox table (read by `svc admin outbox` and the tests) and a log line.
//
// SMTP delivery runs in the background: the sign-in page answers at once and in the same
// time whatever the mail server does, so a slow relay neither holds requests open nor
// tells an observer anything. A failed delivery is logged. Mail sent by SMTP is also noted
// in the outbox, with every link's token removed: the table is an audit of what was sent,
// and a usable sign-in token must not sit in the database in plaintext.
import type { FastifyBaseLogger } from "fastify";
import type { StoreContext } from "../store/context.js";
import { recordMail } from "../store/outbox.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Every link in `text`, so the outbox can list them. */
  links: string[];
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Resolves once the mail is handed off (kept in the outbox, or queued for SMTP). */
  send(mail: Mail): Promise<void>;
}

export interface MailerConfig {
  store: StoreContext;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

// An SMTP server that does not answer within these is treated as down; nodemailer's own
// defaults (up to 10 minutes of socket inactivity) would pile up background sends.
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_GREETING_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;
const REDACTED = "sent-by-smtp";

/** A link as the outbox keeps it for SMTP mail: any `token` parameter replaced. */
export function redactLink(link: string): string {
  try {
    const url = new URL(link);
    if (!url.searchParams.has("token")) return link;
    url.searchParams.set("token", REDACTED);
    return url.toString();
  } catch {
    return link;
  }
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl === undefined) return outboxMailer(config);
  return smtpMailer(config, config.smtpUrl);
}

function outboxMailer(config: MailerConfig): Mailer {
  return {
    transport: "outbox",
    async send(mail) {
      await recordMail(config.store, { ...mail, transport: "outbox" });
      // The operator's way to read sign-in links without SMTP (development, the sandbox).
      // The link is useless outside the browser that asked for it (magic_links.ts).
      config.log.info({ mail_to: mail.to, subject: mail.subject, links: mail.links }, "console mail kept in the outbox (SMTP_URL is not set)");
    },
  };
}

interface SmtpTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

function smtpMailer(config: MailerConfig, smtpUrl: string): Mailer {
  let transport: Promise<SmtpTransport> | null = null;
  // Loaded on first use: a service without SMTP never loads nodemailer.
  const getTransport = () =>
    (transport ??= import("nodemailer").then((m) =>
      // The URL's own settings win; the timeouts apply where it names none.
      m.default.createTransport({
        url: smtpUrl,
        connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
        greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
        socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
      }),
    ));
  return {
    transport: "smtp",
    async send(mail) {
      const deliver = async () => {
        const t = await getTransport();
        await t.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
        let text = mail.text;
        for (const link of mail.links) text = text.split(link).join(redactLink(link));
        await recordMail(config.store, { to: mail.to, subject: mail.subject, text, links: mail.links.map(redactLink), transport: "smtp" });
      };
      deliver().catch((err: unknown) => {
        // The SMTP URL may carry a password: log the failure's message, never the config.
        config.log.error({ mail_to: mail.to, err: err instanceof Error ? err.message : String(err) }, "console mail could not be sent by SMTP");
      });
    },
  };
}
