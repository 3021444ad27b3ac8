// Mail the service sent, newest first: the operator's and the tests' view of sign-in links
// when no SMTP server is configured (DECISIONS.md: `svc admin outbox`).
import type { StoreContext } from "./context.js";
import { newId } from "./ids.js";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

/** Mails listed by one `outbox` call, at most. */
export const OUTBOX_LIST_MAX = 100;

export async function recordMail(ctx: StoreContext, mail: { to: string; subject: string; text: string; links: string[]; transport: "outbox" | "smtp" }): Promise<string> {
  const id = newId("mail", ctx.now());
  await ctx.db.query(
    `INSERT INTO outbox (id, to_email, subject, text, links, transport, sent_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [id, mail.to, mail.subject, mail.text, JSON.stringify(mail.links), mail.transport, new Date(ctx.now()).toISOString()],
  );
  return id;
}

export async function listOutbox(ctx: StoreContext, options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const limit = Math.min(Math.max(1, options.limit ?? 20), OUTBOX_LIST_MAX);
  const rows = await ctx.db.query<{ to_email: string; subject: string; text: string; links: string[]; sent_at: Date }>(
    `SELECT to_email, subject, text, links, sent_at FROM outbox
     WHERE ($1::text IS NULL OR lower(to_email) = lower($1))
     ORDER BY sent_at DESC, id DESC LIMIT $2`,
    [options.to ?? null, limit],
  );
  return rows.rows.map((r) => ({ to: r.to_email, subject: r.subject, text: r.text, links: r.links, sent_at: new Date(r.sent_at).toISOString() }));
}
