// What a request carries through the API once admission has run, and what the app needs.
import type { EnginePool } from "../engine/pool/pool.js";
import type { RouteDeps } from "../http/route_deps.js";
import type { AccountLimits } from "../store/account_limits.js";
import type { KeyEnv } from "../store/key_format.js";
import type { ApiKey } from "../store/keys.js";
import type { Org } from "../store/orgs.js";
import type { GcraResult } from "../store/gcra.js";

/** The authenticated caller: an organization acting through one key in one environment. */
export interface Caller {
  org: Org;
  key: ApiKey;
  env: KeyEnv;
  /** The organization's limits lowered by the key's sub-limits: what this request may use. */
  limits: AccountLimits;
  /** The organization's own limits: the org-wide meters run at these. */
  orgLimits: AccountLimits;
  /** `console`: a signed-in session on the Try it page, not a key (usage records say so). */
  source?: "api" | "console";
}

/** Meter readings for the x-ratelimit-* headers of this response. */
export interface RateReadings {
  requests?: GcraResult;
  pages?: GcraResult;
  concurrency?: { limit: number; remaining: number };
}

/** What the API's routes are built with: the shared route deps and the engine pool. */
export interface ApiDeps extends RouteDeps {
  pool: EnginePool;
}

declare module "fastify" {
  interface FastifyRequest {
    /** `req_<id>`: in x-request-id and every error envelope. */
    requestId: string;
    /** Epoch ms when the request arrived: the wall clock's start. */
    receivedAtMs: number;
    caller: Caller | null;
    rate: RateReadings;
  }
}
