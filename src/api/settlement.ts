// What one conversion request has taken and must give back: its credit hold, its
// idempotency claim, the pages it made the engine process. `settle` closes a success;
// `fail` closes every other ending — the hold released (billed 0), the page meter still
// advanced by the pages processed (SPEC rule 5), unbilled work and no-value conversions
// metered, the idempotency record completed or abandoned — and both write the usage record.
import { ApiError, type ErrorCode } from "../errors/catalogue.js";
import { RATE_CARD_VERSION } from "../config/rate_card.js";
import { consumeTestPages, placeHold, releaseHold, settleHold } from "../store/credits.js";
import { abandonIdempotencyKey, completeIdempotencyKey, idempotencyDisposition } from "../store/idempotency.js";
import { inTransaction, type StoreContext } from "../store/context.js";
import { recordUsage, type UsageInput } from "../store/usage.js";
import { limits } from "../config/limits.js";
import { pendingReleases, type PendingKind } from "../store/pending_releases.js";
import { advanceMeter } from "./admission.js";
import { refusalError } from "./refusal.js";
import type { ApiDeps, Caller, RateReadings } from "./types.js";

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Billing {
  charged: number;
  balanceAfter: number;
}

/** What a commit's `finish` stores and answers: its value, the response, the usage figures. */
export interface Finished<V> {
  value: V;
  response: StoredResponse;
  pagesBilled: number;
  cache: "hit" | "miss";
}

export class RequestSettlement {
  private holdId: string | null = null;
  private claim: { key: string; claimId: string } | null = null;
  /** The commit ran: charge, result, usage record and idempotency record are stored. */
  private committed = false;
  pagesProcessed = 0;
  /** Wall time the engine spent on this request: the vCPU-ms estimate for unbilled work. */
  computeMs = 0;
  metadata: Record<string, string> | null = null;

  constructor(
    readonly deps: ApiDeps,
    private readonly caller: Caller,
    private readonly requestId: string,
    private readonly endpoint: string,
    private readonly rate: RateReadings,
  ) {}

  holdsIdempotency(key: string, claimId: string): void {
    this.claim = { key, claimId };
  }

  /**
   * Reserves `credits` for a live key (402/429 on refusal), or counts `pages` against a
   * test key's monthly allowance (test keys never hold: DECISIONS.md).
   */
  async reserve(credits: number, testPages: number): Promise<void> {
    if (this.caller.env === "test") {
      const used = await consumeTestPages(this.deps.store, this.caller.org.id, testPages);
      if (!used.ok) throw refusalError(used);
      return;
    }
    const hold = await placeHold(this.deps.store, {
      orgId: this.caller.org.id,
      requestId: this.requestId,
      credits,
      rateCardVersion: RATE_CARD_VERSION,
    });
    if (!hold.ok) {
      const err = refusalError(hold);
      if (err.code === "insufficient_credits") {
        throw new ApiError("insufficient_credits", {
          message: err.message,
          details: { ...err.details, credits_required: credits, top_up_url: `${this.deps.baseUrl}/console/credits` },
        });
      }
      throw err;
    }
    this.holdId = hold.holdId;
  }

  /**
   * Bills the request and stores its result in ONE transaction (SPEC: every non-200 bills
   * 0): the hold settled at `charged` with its ledger entry, then `finish` (the stored
   * conversion, the cached result) given the billed figures, then the usage record and the
   * idempotency record's completion with the response — all committed, or none. A failure
   * anywhere rolls the charge back and leaves the hold held, for `fail` to release.
   */
  async commit<V>(charged: number, reference: string, finish: (ctx: StoreContext, billing: Billing) => Promise<Finished<V>>): Promise<Finished<V> & { billing: Billing }> {
    const store = this.deps.store;
    const holdId = this.caller.env === "test" ? null : this.holdId;
    const done = await store.db.transaction(async (tx) => {
      const ctx = inTransaction(store, tx);
      let billing: Billing = { charged: 0, balanceAfter: this.caller.org.credit_balance };
      if (holdId !== null) {
        const outcome = await settleHold(ctx, holdId, { charged, reference, requestId: this.requestId });
        if (outcome.state !== "settled") {
          // The sweeper released the hold: the request outlived its wall clock. Bill nothing.
          throw new ApiError("conversion_timeout", {
            message: "The conversion finished after the request's wall clock, so its hold had already been released. Nothing was billed; retry with fewer pages.",
            details: { pages_completed: this.pagesProcessed },
          });
        }
        billing = { charged: outcome.charged, balanceAfter: outcome.balanceAfter };
      }
      store.faults?.("settle");
      const finished = await finish(ctx, billing);
      await this.recordUsage({ status: finished.response.status, pagesBilled: finished.pagesBilled, creditsCharged: billing.charged, cache: finished.cache }, ctx);
      store.faults?.("usage");
      if (this.claim) {
        const completed = await completeIdempotencyKey(ctx, { orgId: this.caller.org.id, ...this.claim, ...finished.response, holdId });
        if (!completed.ok) {
          // Another request took the key over (this instance was taken for dead): its
          // result is the key's, so this one must not bill. Rolled back; retryable.
          throw new ApiError("idempotency_in_progress", { message: "This request's Idempotency-Key was taken over by a retry while it ran; nothing was billed. Retry after Retry-After for that retry's result.", retryAfterMs: limits.idempotencyRetryAfterMs });
        }
      }
      store.faults?.("idempotency");
      return { ...finished, billing };
    });
    this.holdId = null;
    this.committed = true;
    return done;
  }

  async succeed(response: StoredResponse, billed: { pagesBilled: number; credits: number; cache: "hit" | "miss"; producedNothing: boolean }): Promise<void> {
    if (this.committed) {
      // Billed and stored: nothing after the commit may turn the 200 into an error. The
      // meters are advanced best-effort (a lost advance favours the customer).
      await this.meterEnd(billed.credits, billed.producedNothing).catch(() => undefined);
      return;
    }
    await this.meterEnd(billed.credits, billed.producedNothing);
    await this.recordUsage({ status: response.status, pagesBilled: billed.pagesBilled, creditsCharged: billed.credits, cache: billed.cache });
    if (this.claim) await completeIdempotencyKey(this.deps.store, { orgId: this.caller.org.id, ...this.claim, ...response });
  }

  /** Closes a request that ends in an error: bills 0 and gives back what it took. */
  async fail(err: ApiError, response: StoredResponse, producedNothing: boolean): Promise<void> {
    // What the request took is given back first, and each step is tried whatever the one
    // before did: with the database away (a restart) a step fails, and then waits in the
    // store's pending releases (src/store/pending_releases.ts), tried again until the
    // database answers, so the hold is released within SPEC's 60 s and the Idempotency-Key
    // freed for the retry, as after a crash.
    let first: unknown = null;
    const orgId = this.caller.org.id;
    const attempt = async (kind: PendingKind, id: string, step: () => Promise<unknown>) => {
      try {
        await step();
      } catch (stepErr) {
        first ??= stepErr;
        pendingReleases(this.deps.store).add({ kind, id, orgId, run: step });
      }
    };
    if (this.holdId) {
      const holdId = this.holdId;
      this.holdId = null;
      await attempt("hold", holdId, () => releaseHold(this.deps.store, holdId));
    }
    if (this.claim) {
      const ref = { orgId, ...this.claim };
      this.claim = null;
      if (idempotencyDisposition(err.status, err.code as ErrorCode) === "complete") await attempt("idempotency", ref.claimId, () => completeIdempotencyKey(this.deps.store, { ...ref, ...response }));
      else await attempt("idempotency", ref.claimId, () => abandonIdempotencyKey(this.deps.store, ref));
    }
    try {
      await this.meterEnd(0, producedNothing);
      await this.recordUsage({ status: err.status, errorCode: err.code, pagesBilled: 0, creditsCharged: 0 });
    } catch (bookErr) {
      first ??= bookErr;
    }
    if (first !== null) throw first;
  }

  /** The request's usage record: who asked, what ran, and the outcome given. */
  private async recordUsage(outcome: Pick<UsageInput, "status" | "errorCode" | "pagesBilled" | "creditsCharged" | "cache">, ctx: StoreContext = this.deps.store): Promise<void> {
    await recordUsage(ctx, {
      orgId: this.caller.org.id,
      env: this.caller.env,
      requestId: this.requestId,
      endpoint: this.endpoint,
      pagesProcessed: this.pagesProcessed,
      // The console acts through no stored key: its record names the source instead.
      keyId: this.caller.source === "console" ? null : this.caller.key.key_id,
      keyHint: this.caller.key.hint,
      source: this.caller.source ?? "api",
      computeMs: Math.round(this.computeMs),
      metadata: this.metadata,
      ...outcome,
    });
  }

  private async meterEnd(credits: number, producedNothing: boolean): Promise<void> {
    if (this.pagesProcessed > 0) this.rate.pages = await advanceMeter(this.deps, this.caller, "pages", this.pagesProcessed);
    if (credits === 0 && this.computeMs >= 1) await advanceMeter(this.deps, this.caller, "unbilled_compute", Math.round(this.computeMs));
    if (producedNothing) await advanceMeter(this.deps, this.caller, "no_value_conversions", 1);
  }
}
