// `svc admin …`: operator and support actions (DECISIONS.md §Command line), answered as JSON.
// The same functions serve the console, the webhooks and these commands, so an action
// taken here is the action a customer's path takes. The command line (src/cli/admin_main.ts)
// runs them directly or through a running service's admin socket (socket.ts).
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { limits } from "../config/limits.js";
import { sandboxProcessor } from "../payments/select.js";
import type { SandboxProcessor } from "../payments/sandbox.js";
import { receiveWebhook } from "../payments/webhooks.js";
import type { StoreContext } from "../store/context.js";
import { createKey, revokeKey, type Scope } from "../store/keys.js";
import { grantGoodwill } from "../store/lots.js";
import { createOrg, getOrg, setDebugPolicy, setOrgLimits, setOrgStatus, type OrgStatus } from "../store/orgs.js";
import { listOutbox } from "../store/outbox.js";
import { findPurchase } from "../store/payment_refs.js";
import { selectProcessor } from "../payments/select.js";
import { openPurchase, refundPurchase } from "../store/payments.js";

export interface AdminResult {
  /** 0 done; 1 refused (the JSON says why); 64 usage. */
  exitCode: number;
  output: unknown;
}

export const adminUsage = `usage: svc admin <command> [options]   (prints JSON)

  org create --email E [--name N]
  org suspend --org ID | org unsuspend --org ID
  org limits --org ID --set NAME=VALUE [--set NAME=VALUE …]
  org debug-policy --org ID enabled|disabled
  key create --org ID --name N [--env live|test] [--scopes a,b] [--expires-at ISO] [--ip-allow CIDR,…]
  key revoke --key-id ID
  credits grant --org ID --credits N              goodwill credits, expire in 12 months
  payment settle --org ID --pack 25|100|500|2500 [--currency usd]
  payment reverse --purchase ID
  refund --purchase ID
  outbox [--to EMAIL] [--limit N]`;

export class AdminUsageError extends Error {}

/** A command line the commands cannot run: ours, or node:util parseArgs's (ERR_PARSE_ARGS_*). */
export function isAdminUsageError(err: unknown): err is Error {
  return err instanceof AdminUsageError || (err instanceof Error && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"));
}

/** The answer to a usage error: exit code 64 and the reason. */
export function usageResult(err: Error): AdminResult {
  return { exitCode: 64, output: { error: { code: "usage", message: err.message } } };
}

type AdminCommand = (ctx: StoreContext, args: string[]) => Promise<AdminResult>;

/** Commands by their words: two (`org create`), or one for outbox and refund. */
const commands: ReadonlyMap<string, AdminCommand> = new Map<string, AdminCommand>([
  ["org create", createOrgCommand],
  ["org suspend", (ctx, args) => setOrgStatusCommand(ctx, args, "suspended")],
  ["org unsuspend", (ctx, args) => setOrgStatusCommand(ctx, args, "active")],
  ["org limits", setOrgLimitsCommand],
  ["org debug-policy", setDebugPolicyCommand],
  ["key create", createKeyCommand],
  ["key revoke", revokeKeyCommand],
  ["credits grant", grantCreditsCommand],
  ["payment settle", settlePaymentCommand],
  ["payment reverse", reversePaymentCommand],
  ["refund", refundCommand],
  ["outbox", outboxCommand],
]);

const oneWordCommands = new Set(["outbox", "refund"]);

export async function runAdminCommand(ctx: StoreContext, argv: readonly string[]): Promise<AdminResult> {
  const [group, action, ...rest] = argv;
  const oneWord = oneWordCommands.has(group);
  const command = commands.get(oneWord ? group : `${group} ${action}`);
  if (command === undefined) throw new AdminUsageError(`unknown admin command "${argv.slice(0, 2).join(" ").slice(0, 64)}"`);
  return command(ctx, oneWord ? [action, ...rest].filter((a) => a !== undefined) : rest);
}

async function createOrgCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { email: { type: "string" }, name: { type: "string" } });
  const r = await createOrg(ctx, { email: required(values, "email"), name: values.name });
  return r.ok ? { exitCode: 0, output: { org_id: r.org.id } } : refused(r);
}

async function setOrgStatusCommand(ctx: StoreContext, args: string[], status: OrgStatus): Promise<AdminResult> {
  const { values } = options(args, { org: { type: "string" } });
  const r = await setOrgStatus(ctx, required(values, "org"), status);
  return r.ok ? { exitCode: 0, output: { org_id: r.org.id, status: r.org.status } } : refused(r);
}

async function setOrgLimitsCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { org: { type: "string" }, set: { type: "string", multiple: true } });
  const patch: Record<string, number | null> = {};
  for (const pair of values.set ?? []) {
    const m = /^([a-z_]+)=(\d{1,15}|default)$/.exec(pair);
    if (!m) throw new AdminUsageError(`--set takes NAME=VALUE (a whole number, or "default" to remove the override); got "${pair.slice(0, 64)}"`);
    patch[m[1]] = m[2] === "default" ? null : Number(m[2]);
  }
  if (Object.keys(patch).length === 0) throw new AdminUsageError("org limits needs at least one --set NAME=VALUE");
  const r = await setOrgLimits(ctx, required(values, "org"), patch);
  return r.ok ? { exitCode: 0, output: { org_id: r.org.id, limits: r.org.limits } } : refused(r);
}

async function setDebugPolicyCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values, positionals } = options(args, { org: { type: "string" } }, 1);
  const policy = positionals[0];
  if (policy !== "enabled" && policy !== "disabled") throw new AdminUsageError("org debug-policy takes enabled or disabled");
  const r = await setDebugPolicy(ctx, required(values, "org"), policy);
  return r.ok ? { exitCode: 0, output: { org_id: r.org.id, debug_policy: r.org.debug_policy } } : refused(r);
}

async function createKeyCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, {
    org: { type: "string" },
    name: { type: "string" },
    env: { type: "string" },
    scopes: { type: "string" },
    "expires-at": { type: "string" },
    "ip-allow": { type: "string" },
  });
  const env = values.env ?? "live";
  if (env !== "live" && env !== "test") throw new AdminUsageError("--env is live or test");
  const expires = values["expires-at"];
  if (expires !== undefined && Number.isNaN(Date.parse(expires))) throw new AdminUsageError("--expires-at takes an ISO 8601 time");
  const r = await createKey(ctx, {
    orgId: required(values, "org"),
    name: required(values, "name"),
    env,
    scopes: list(values.scopes) as Scope[] | undefined,
    expiresAt: expires === undefined ? undefined : new Date(expires),
    ipAllow: list(values["ip-allow"]),
  });
  return r.ok ? { exitCode: 0, output: { key_id: r.key_id, key: r.key, hint: r.hint } } : refused(r);
}

async function revokeKeyCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { "key-id": { type: "string" } });
  const r = await revokeKey(ctx, required(values, "key-id"));
  return r.ok ? { exitCode: 0, output: { key_id: values["key-id"], revoked_at: r.revoked_at, already_revoked: r.already_revoked } } : refused(r);
}

async function grantCreditsCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { org: { type: "string" }, credits: { type: "string" } });
  const orgId = required(values, "org");
  const credits = wholeNumber(required(values, "credits"), "credits");
  if (credits < 1 || credits > limits.goodwillGrantCreditsMax) {
    throw new AdminUsageError(`--credits must be from 1 to ${limits.goodwillGrantCreditsMax.toLocaleString("en-US")}`);
  }
  if (!(await getOrg(ctx, orgId))) return orgNotFound(orgId);
  const r = await grantGoodwill(ctx, orgId, credits);
  return { exitCode: 0, output: { org_id: orgId, lot_id: r.lotId, credits: r.credits, expires_at: new Date(r.expiresAtMs).toISOString(), balance_after: r.balanceAfter } };
}

async function settlePaymentCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { org: { type: "string" }, pack: { type: "string" }, currency: { type: "string" } });
  const orgId = required(values, "org");
  const packUsd = wholeNumber(required(values, "pack"), "pack");
  if (![25, 100, 500, 2500].includes(packUsd)) throw new AdminUsageError("--pack is 25, 100, 500 or 2500 (USD)");
  const currency = (values.currency ?? "usd").toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new AdminUsageError("--currency is a three-letter code such as usd or eur");
  if (!(await getOrg(ctx, orgId))) return orgNotFound(orgId);
  // The sandbox's own path (DECISIONS.md §Command line): a checkout, then its signed
  // settlement notification through the webhook's verify + dispatch, as Pay sends it.
  const sandbox = sandboxOf(ctx);
  const processorRef = `pay_sbx_${randomUUID()}`;
  await openPurchase(ctx, { orgId, packUsd, currency: "usd", processor: sandbox.name, processorRef });
  const note = sandbox.notification({ type: "payment.settled", processorRef, orgId, packUsd, currency }, ctx.now());
  const outcome = await receiveWebhook({ store: ctx }, sandbox, note.rawBody, note.headers);
  if (outcome.kind !== "settlement") throw new Error(`sandbox settlement dispatched as ${outcome.kind}`);
  const r = outcome.settlement;
  return { exitCode: 0, output: { purchase_id: r.purchaseId, status: r.status, credits_granted: r.creditsGranted, balance_after: r.balanceAfter, debt_after: r.debtAfter, event_id: outcome.eventId } };
}

async function reversePaymentCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { purchase: { type: "string" } });
  const purchaseId = required(values, "purchase");
  const purchase = await findPurchase(ctx, { id: purchaseId });
  if (!purchase) return refused({ code: "not_found", reason: "purchase_not_found", message: `No purchase ${purchaseId.slice(0, 64)}.` });
  if (purchase.processor !== "sandbox" || purchase.processorRef === null) {
    return refused({ code: "invalid_parameter_type", reason: "purchase_not_sandbox", message: `Purchase ${purchase.id} was paid through ${purchase.processor}; only sandbox payments are reversed here. Reversals of real payments arrive as the processor's dispute notifications.` });
  }
  // A reversal is the processor's notification too: signed, verified, dispatched.
  const sandbox = sandboxOf(ctx);
  const note = sandbox.notification({ type: "payment.reversed", processorRef: purchase.processorRef }, ctx.now());
  const outcome = await receiveWebhook({ store: ctx }, sandbox, note.rawBody, note.headers);
  if (outcome.kind !== "reversal") {
    return refused({ code: "invalid_parameter_type", reason: "purchase_not_reversible", message: `Purchase ${purchase.id} is ${purchase.status}; it granted no credits to reverse.`, details: { status: purchase.status } });
  }
  const r = outcome.reversal;
  if (!r.ok) return refused(r);
  return { exitCode: 0, output: { purchase_id: r.purchaseId, clawed_back: r.clawedBack, debt_added: r.debtAdded, balance_after: r.balanceAfter, debt_after: r.debtAfter, duplicate: r.duplicate, event_id: outcome.eventId } };
}

async function refundCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { purchase: { type: "string" } });
  // The cash goes back through this deployment's processor (the sandbox records it; Stripe's
  // Refunds API), in the same bookkeeping as the credit reversal (store/payments.ts).
  const processor = selectProcessor({ baseUrl: process.env.PUBLIC_BASE_URL ?? "http://localhost", now: () => ctx.now() });
  const r = await refundPurchase(ctx, required(values, "purchase"), async (payment, cashCents) => {
    if (payment.processor !== processor.name) throw new Error(`the payment was made through ${payment.processor}, and this deployment's processor is ${processor.name}`);
    if (payment.processorRef === null) throw new Error("the purchase has no processor reference");
    await processor.refund(payment.processorRef, cashCents);
  });
  if (!r.ok) return refused(r);
  return { exitCode: 0, output: { refund_id: r.refundId, purchase_id: r.purchaseId, cash_cents: r.cashCents, credits: r.credits, balance_after: r.balanceAfter, duplicate: r.duplicate } };
}

async function outboxCommand(ctx: StoreContext, args: string[]): Promise<AdminResult> {
  const { values } = options(args, { to: { type: "string" }, limit: { type: "string" } });
  const limit = values.limit === undefined ? undefined : wholeNumber(values.limit, "limit");
  return { exitCode: 0, output: await listOutbox(ctx, { to: values.to, limit }) };
}

/** The sandbox processor, signing its notifications at the store's clock. */
function sandboxOf(ctx: StoreContext): SandboxProcessor {
  return sandboxProcessor({ baseUrl: process.env.PUBLIC_BASE_URL ?? "http://localhost", now: () => ctx.now() });
}

function orgNotFound(orgId: string): AdminResult {
  return refused({ code: "not_found", reason: "org_not_found", message: `No organization ${orgId.slice(0, 64)}.` });
}

function refused(value: { code?: string; message?: string; reason?: string; details?: unknown }): AdminResult {
  return { exitCode: 1, output: { error: { code: value.code, reason: value.reason, message: value.message, details: value.details } } };
}

function options<T extends Record<string, { type: "string" | "boolean"; multiple?: boolean }>>(argv: string[], spec: T, positionals = 0) {
  const parsed = parseArgs({ args: argv, options: spec, allowPositionals: positionals > 0, strict: true });
  if (parsed.positionals.length > positionals) throw new AdminUsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  return parsed;
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v === "") throw new AdminUsageError(`--${name} is required`);
  return v;
}

function wholeNumber(text: string, name: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new AdminUsageError(`--${name} must be a whole number; got "${text.slice(0, 32)}"`);
  return Number(text);
}

function list(text: string | undefined): string[] | undefined {
  return text === undefined ? undefined : text.split(",").map((s) => s.trim()).filter((s) => s !== "");
}
