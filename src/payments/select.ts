// Which processor this deployment uses, from the environment:
//   PAYMENTS_PROCESSOR      sandbox (default) | stripe
//   STRIPE_SECRET_KEY       required with stripe (sk_live_… / sk_test_…)
//   STRIPE_WEBHOOK_SECRET   required with stripe (whsec_…, the endpoint's signing secret)
//   SANDBOX_WEBHOOK_SECRET  optional, at least 32 characters: the sandbox's signing key
//
// Without SANDBOX_WEBHOOK_SECRET the sandbox key is generated once and kept in
// DATA_DIR/sandbox_webhook_secret (mode 0600), beside the embedded database it belongs to,
// so it survives restarts (checkout links stay valid) and `svc admin` run on the same data
// directory uses the same key.
// It is not kept in the database: it would need a schema migration for one value, and the
// sandbox is a development processor. Instances that share a PostgreSQL database but not a
// DATA_DIR must set SANDBOX_WEBHOOK_SECRET, or their sandboxes' notifications to each
// other fail verification (400, logged by the sending sandbox). When DATA_DIR does not
// exist or cannot be written, the key lives for this process only (logged): its own
// deliveries still verify, but its checkout links end with the process.
//
// Parsed here rather than in config/env.ts so that a deployment's payments settings stay in
// one place with their rules.
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PaymentProcessor } from "./processor.js";
import { SandboxProcessor, silentLog, type PaymentsLog } from "./sandbox.js";
import { StripeProcessor, type StripeOptions } from "./stripe.js";

/** A generated sandbox key: 32 random bytes, as long as Stripe's signing secrets. */
const SANDBOX_SECRET_BYTES = 32;
export const SANDBOX_SECRET_FILE = "sandbox_webhook_secret";

const schema = z.object({
  PAYMENTS_PROCESSOR: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_/, "must be a Stripe secret key (sk_live_…, sk_test_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must be a Stripe webhook signing secret (whsec_…)").optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(32).optional(),
  DATA_DIR: z.string().default("./.data"),
});
export type PaymentsEnv = z.infer<typeof schema>;

export function parsePaymentsEnv(source: NodeJS.ProcessEnv = process.env): PaymentsEnv {
  // An empty variable means unset, as in config/env.ts.
  const present = Object.fromEntries(Object.entries(source).filter(([k, v]) => k in schema.shape && v !== undefined && v !== ""));
  const r = schema.safeParse(present);
  if (!r.success) throw new Error(`invalid payments environment: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const env = r.data;
  if (env.PAYMENTS_PROCESSOR === "stripe" && (env.STRIPE_SECRET_KEY === undefined || env.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new Error("invalid payments environment: PAYMENTS_PROCESSOR=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  return env;
}

export interface SelectOptions {
  /** {base_url}: where checkout pages and webhooks live. */
  baseUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: PaymentsLog;
  now?: () => number;
  /** Stripe only: a fake transport for tests. */
  stripeHttpClient?: StripeOptions["httpClient"];
}

/** The configured processor; throws at startup on an incomplete configuration. */
export function selectProcessor(opts: SelectOptions): PaymentProcessor {
  const env = parsePaymentsEnv(opts.env);
  if (env.PAYMENTS_PROCESSOR === "stripe") {
    return new StripeProcessor({ secretKey: env.STRIPE_SECRET_KEY as string, webhookSecret: env.STRIPE_WEBHOOK_SECRET as string, httpClient: opts.stripeHttpClient });
  }
  return sandboxProcessor(opts);
}

/**
 * The sandbox, whatever PAYMENTS_PROCESSOR says: `svc admin payment settle|reverse` are
 * sandbox operations (DECISIONS.md §Command line).
 */
export function sandboxProcessor(opts: SelectOptions): SandboxProcessor {
  const env = parsePaymentsEnv({ ...(opts.env ?? process.env), PAYMENTS_PROCESSOR: "sandbox" });
  const log = opts.log ?? silentLog;
  return new SandboxProcessor(env.SANDBOX_WEBHOOK_SECRET ?? storedSandboxSecret(env.DATA_DIR, log), { baseUrl: opts.baseUrl, now: opts.now, log });
}

// One key per data directory per process: read (or made) once.
const storedSecrets = new Map<string, string>();

/** DATA_DIR's sandbox key, generated on first use; see the file comment. */
export function storedSandboxSecret(dataDir: string, log: PaymentsLog = silentLog): string {
  const file = path.resolve(dataDir, SANDBOX_SECRET_FILE);
  let secret = storedSecrets.get(file);
  if (secret !== undefined) return secret;
  try {
    secret = readOrCreate(file);
  } catch (err) {
    log.warn({ err, file }, "cannot keep the sandbox webhook secret in DATA_DIR; using one for this process only");
    secret = randomBytes(SANDBOX_SECRET_BYTES).toString("hex");
  }
  storedSecrets.set(file, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    return readSecret(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  // DATA_DIR is not created here: the embedded database creates it, and a deployment
  // without one (PostgreSQL, tests) gets the per-process key rather than a new directory.
  // Written aside, then linked into place: link() fails if the name exists, so of two
  // processes starting together one key wins whole, and nobody reads a half-written file.
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, randomBytes(SANDBOX_SECRET_BYTES).toString("hex") + "\n", { flag: "wx", mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    rmSync(aside, { force: true });
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (under 32 characters)`);
  return secret;
}
