// What every family of HTTP routes is built with: the API's (src/api), the console's
// (src/console) and the payment processor's (src/payments). The API adds the engine pool
// (ApiDeps, src/api/types.ts); the others take only this.
import type { Env } from "../config/env.js";
import type { StoreContext } from "../store/context.js";

export interface RouteDeps {
  store: StoreContext;
  env: Env;
  /** The public base address of the API ({base_url}), for links in messages and details. */
  baseUrl: string;
}
