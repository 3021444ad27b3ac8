// Issue 10 item 5 (the HTTP path's own overhead): a key's last_used_at is written at most once
// per limits.keyLastUsedWriteIntervalMs (src/store/keys.ts touchLastUsed), so within that
// interval the API does not send the no-op UPDATE at all; past it, the next request writes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { limits } from "../../src/config/limits.js";
import { getKey } from "../../src/store/keys.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer } from "../support/api_checks.js";

let api: TestApi;
let clockMs = Date.parse("2026-03-01T12:00:00Z");
beforeAll(async () => {
  api = await startTestApi({ now: () => clockMs, threads: 1 });
});
afterAll(async () => {
  await api.close();
});

describe("authentication writes last_used_at once per interval, not once per request", () => {
  it("a second request within the interval sends no UPDATE api_keys; one past it writes the new time", async () => {
    const { key, keyId } = await api.account({ credits: 10 });
    const query = vi.spyOn(api.store.db, "query");
    const touches = () => query.mock.calls.filter(([sql]) => /UPDATE api_keys SET last_used_at/.test(sql)).length;

    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })).statusCode).toBe(200);
    expect(touches()).toBe(1);
    expect((await getKey(api.store, keyId))?.last_used_at).toBe(new Date(clockMs).toISOString());

    clockMs += limits.keyLastUsedWriteIntervalMs - 1;
    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })).statusCode).toBe(200);
    expect(touches()).toBe(1);

    clockMs += 1;
    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })).statusCode).toBe(200);
    expect(touches()).toBe(2);
    expect((await getKey(api.store, keyId))?.last_used_at).toBe(new Date(clockMs).toISOString());
    query.mockRestore();
  });
});
