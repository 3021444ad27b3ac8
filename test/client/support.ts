// The official client (clients/typescript, imported as the built package) against a real
// server: the API harness listening on a random port, and a fetch that records every
// attempt (method, path, status, Idempotency-Key) and can force a fault on chosen attempts.
import { startTestApi, type TestApi } from "../support/api.js";

export interface Attempt {
  method: string;
  path: string;
  status: number;
  idempotencyKey: string | null;
  simulated: string | null;
}

export interface ServedApi {
  api: TestApi;
  baseUrl: string;
}

export async function serveTestApi(): Promise<ServedApi> {
  const api = await startTestApi();
  const address = await api.app.listen({ port: 0, host: "127.0.0.1" });
  return { api, baseUrl: address };
}

/**
 * A fetch that records each attempt. `simulate(n)` names the X-Svc-Simulate code to add to
 * the n-th POST (1-based), so a test key's forced fault hits only the attempts chosen.
 */
export function recordingFetch(simulate: (postNumber: number) => string | null = () => null): { fetch: typeof fetch; attempts: Attempt[] } {
  const attempts: Attempt[] = [];
  let posts = 0;
  const wrapped: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const method = init.method ?? "GET";
    let simulated: string | null = null;
    if (method === "POST") {
      posts++;
      simulated = simulate(posts);
      if (simulated) headers.set("x-svc-simulate", simulated);
    }
    const response = await fetch(input, { ...init, headers });
    attempts.push({ method, path: new URL(String(input)).pathname, status: response.status, idempotencyKey: headers.get("idempotency-key"), simulated });
    return response;
  };
  return { fetch: wrapped, attempts };
}
