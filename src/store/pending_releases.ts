// Give-backs that failed because the database was away (issue 12 items 1 and 4): a request's
// concurrency lease, its credit hold, its idempotency claim. The instance that took them is
// alive, so nothing else frees them soon: a live instance's lease would block its slot until
// expiry (the request wall clock), a hold would wait for its expiry (past SPEC §Credit hold's
// 60 s). They wait here instead, in this process, and are tried again
//   - every limits.pendingReleaseRetryMs while any is waiting,
//   - at once when the database answers again (open_store.ts reports its first success after
//     a failure),
//   - and, for an organization's leases, right before that organization takes a new lease
//     (admission.ts), so a client that stays within its limits is never refused for a slot
//     its own finished request still holds.
// Bounded: at most limits.pendingReleasesMax waiting, each given up at its deadline
// (limits.pendingReleaseMsMax after it failed); what is given up or pushed out is left to the
// expiry sweeps (credits.ts sweepHolds, the leases' and claims' expiry), as after a crash. A
// dead instance's are the heartbeat takeover's, not this queue's.
import { limits } from "../config/limits.js";
import { isStoreUnavailable } from "./db.js";

export type PendingKind = "lease" | "hold" | "idempotency";

export interface PendingRelease {
  kind: PendingKind;
  /** The lease, hold or claim id: one waiting entry per thing to give back. */
  id: string;
  orgId: string;
  /** The give-back itself; idempotent (a second run of a done release changes nothing). */
  run: () => Promise<unknown>;
}

interface Waiting extends PendingRelease {
  deadlineMs: number;
}

/** What the queue did with an entry it will not try again (for the log). */
export type Dropped = { release: PendingRelease; reason: "deadline" | "full" | "failed"; err?: unknown };

export class PendingReleases {
  private readonly waiting = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly now: () => number,
    private readonly onDropped: (d: Dropped) => void = () => undefined,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Queues a give-back that just failed. */
  add(release: PendingRelease): void {
    if (this.stopped) return;
    const key = `${release.kind}:${release.id}`;
    if (!this.waiting.has(key) && this.waiting.size >= limits.pendingReleasesMax) {
      // Full: the oldest is the nearest to its own expiry, where the sweeps take over.
      const [oldestKey, oldest] = this.waiting.entries().next().value as [string, Waiting];
      this.waiting.delete(oldestKey);
      this.onDropped({ release: oldest, reason: "full" });
    }
    this.waiting.set(key, { ...release, deadlineMs: this.now() + limits.pendingReleaseMsMax });
    this.schedule();
  }

  /** Whether an organization has a lease waiting to be given back. */
  hasLease(orgId: string): boolean {
    for (const w of this.waiting.values()) if (w.kind === "lease" && w.orgId === orgId) return true;
    return false;
  }

  /**
   * Tries every waiting give-back (or only `orgId`'s leases), one statement each, in the
   * order they failed. A pass stops at the first that finds the database still away; one
   * pass runs at a time (a caller arriving during one waits for it).
   */
  async drain(only?: { leasesOf: string }): Promise<void> {
    while (this.pass) await this.pass;
    if (this.waiting.size === 0) return;
    this.pass = this.runPass(only).finally(() => {
      this.pass = null;
      if (this.waiting.size > 0) this.schedule();
    });
    await this.pass;
  }

  /** Stops the retry timer (shutdown); what still waits is left to the sweeps. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async runPass(only?: { leasesOf: string }): Promise<void> {
    for (const [key, w] of [...this.waiting]) {
      if (only && (w.kind !== "lease" || w.orgId !== only.leasesOf)) continue;
      if (this.now() >= w.deadlineMs) {
        this.waiting.delete(key);
        this.onDropped({ release: w, reason: "deadline" });
        continue;
      }
      try {
        await w.run();
        this.waiting.delete(key);
      } catch (err) {
        if (isStoreUnavailable(err)) return; // still away: the next pass tries again
        // Not an outage: a retry would fail the same way. The expiry sweeps cover it.
        this.waiting.delete(key);
        this.onDropped({ release: w, reason: "failed", err });
      }
    }
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, limits.pendingReleaseRetryMs);
    this.timer.unref();
  }
}

/** The context's queue, made on first use (a context built by hand, as tests do, gets one too). */
export function pendingReleases(ctx: { now(): number; releases?: PendingReleases }): PendingReleases {
  return (ctx.releases ??= new PendingReleases(ctx.now));
}
