// The process environment, parsed once with zod. Everything configurable lives here.
import { z } from "zod";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  /** postgres://… selects PostgreSQL; absent selects the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./.data"),
  /** Worker threads for the engine; defaults to the cores available. */
  ENGINE_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** smtp(s)://user:pass@host:port: console mail (sign-in links) goes out by SMTP; absent: to the outbox table. */
  SMTP_URL: z.string().url().optional(),
  /** The From of console mail. */
  MAIL_FROM: z.string().default("svc <no-reply@localhost>"),
  /**
   * Key of the console's CSRF tokens (HMAC-SHA-256). Absent: a random key per process, which
   * is fine for one instance; several instances behind one address must share a value.
   */
  CONSOLE_SECRET: z.string().min(32).optional(),
  /** {base_url}: the address in links (top-up, console, sandbox, docs). Absent: http://localhost:$PORT. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /**
   * {docs_url}: the base of every `doc_url` (`${DOCS_URL}/errors#<code>`). Absent: the
   * reference this service serves itself, `${PUBLIC_BASE_URL}/docs`.
   */
  DOCS_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means unset, as shells and process managers write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid environment: ${issues}`);
  }
  return result.data;
}

/**
 * {docs_url}: DOCS_URL, else the reference served at `${baseUrl}/docs`. The only place the
 * docs base is decided; every doc_url (errors, warnings, the OpenAPI document) is built on it.
 */
export function docsBaseUrl(env: Pick<Env, "DOCS_URL">, baseUrl: string): string {
  return (env.DOCS_URL ?? `${baseUrl.replace(/\/+$/, "")}/docs`).replace(/\/+$/, "");
}
