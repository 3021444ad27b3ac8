// The HTTP API end to end through the real app, store and engine pool (issue 4).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf", name));

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe("POST /v1/convert, raw bytes", () => {
  it("SPEC: 200 bills the billable pages and reports them in usage and headers", async () => {
    const { key } = await api.account({ credits: 500 });
    const res = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf" }, payload: fixture("blank-middle-page.pdf") });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.object).toBe("conversion");
    expect(body.usage).toMatchObject({ pages_processed: 3, pages_billed: 2, pages_not_billed: [2], credits_charged: 2, credit_balance_after: 498, cache: "miss" });
    expect(res.headers["x-credits-charged"]).toBe("2");
    expect(res.headers["x-credits-balance"]).toBe("498");
    expect(body.pages).toBeNull(); // the shortest form of request
    expect(body.warning_summary).toMatchObject({ engine_alias_floating: 1, metadata_unavailable: 1, page_has_no_text_layer: 1 });
  });

  it("SPEC: 402 insufficient_credits bills 0 and releases the hold", async () => {
    const { key, orgId } = await api.account({ credits: 1 });
    const res = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf" }, payload: fixture("headings.pdf") });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: "insufficient_credits", details: { credits_required: 200, credits_available: 1 } });
    const org = await api.store.db.query<{ credit_balance: number; credits_held: number }>("SELECT credit_balance, credits_held FROM orgs WHERE id = $1", [orgId]);
    expect(org.rows[0]).toEqual({ credit_balance: 1, credits_held: 0 });
  });
});
