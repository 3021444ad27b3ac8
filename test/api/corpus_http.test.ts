// Heavy (SVC_HEAVY=1): every file of ../shared/pdfs through POST /v1/convert with a funded
// live key, as a client would send it — raw bytes, or multipart with the password its
// manifest note names. Every answer is a 200 or a documented error envelope (SPEC.md
// §Errors; a code of src/errors/catalogue.ts), the service stays up, and the credits add up:
// each balance falls by exactly the sum of credits_charged and nothing stays held.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes, errorEntry } from "../../src/errors/catalogue.js";
import { setOrgLimits } from "../../src/store/orgs.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectCommonHeaders, expectEnvelope } from "../support/api_checks.js";
import { corpus } from "../support/corpus.js";
import { multipartBody } from "../support/http.js";

const heavy = process.env.SVC_HEAVY === "1";
/** A fresh organization per batch keeps the per-hour zero-value meter out of the picture. */
const FILES_PER_ORG = 25;
const CREDITS = 1_000_000;

describe.skipIf(!heavy || !corpus.available)("corpus over HTTP: POST /v1/convert on every file of ../shared/pdfs (heavy)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ threads: 2 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("every response is a 200 or a documented envelope; balances fall by exactly the credits charged; nothing stays held", async () => {
    const files = corpus.files();
    expect(files.length).toBeGreaterThan(100);
    const orgs: Array<{ orgId: string; key: string; charged: number }> = [];
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    for (const [i, file] of files.entries()) {
      if (i % FILES_PER_ORG === 0) {
        const account = await api.account({ credits: CREDITS });
        const set = await setOrgLimits(api.store, account.orgId, { requests_per_min: 100_000, pages_per_min: 10_000_000, unbilled_vcpu_ms_per_hour: 3_600_000_000, upload_bytes_per_min: 1024 ** 4 });
        expect(set.ok).toBe(true);
        orgs.push({ orgId: account.orgId, key: account.key, charged: 0 });
      }
      const org = orgs[orgs.length - 1];
      const bytes = readFileSync(file.path);
      const password = file.passwords[0];
      const boundary = `----svc${i}corpus`;
      const request =
        password === undefined
          ? { headers: { ...bearer(org.key), "content-type": "application/pdf" }, payload: bytes }
          : {
              headers: { ...bearer(org.key), "content-type": `multipart/form-data; boundary=${boundary}` },
              payload: multipartBody(boundary, [
                { name: "file", data: bytes, filename: "document.pdf", contentType: "application/pdf" },
                { name: "password", data: password },
              ]),
            };
      const res = await api.app.inject({ method: "POST", url: "/v1/convert", ...request });
      try {
        expectCommonHeaders(res.headers, file.file);
        if (res.statusCode === 200) {
          const body = res.json();
          expect(body.object).toBe("conversion");
          expect(body.usage.credits_charged).toBe(body.usage.pages_billed);
          expect(res.headers["x-credits-charged"]).toBe(String(body.usage.credits_charged));
          org.charged += body.usage.credits_charged;
          outcomes.set("200", (outcomes.get("200") ?? 0) + 1);
        } else {
          const e = expectEnvelope(res);
          expect(errorCodes).toContain(e.code);
          expect(errorEntry(e.code as (typeof errorCodes)[number]).status).toBe(res.statusCode);
          expect(e.code).not.toBe("internal_error");
          outcomes.set(e.code, (outcomes.get(e.code) ?? 0) + 1);
        }
      } catch (err) {
        failures.push(`${file.file}: ${res.statusCode} ${res.body.slice(0, 200)} — ${(err as Error).message.split("\n")[0]}`);
      }
    }
    console.log(`corpus_http: ${files.length} files →`, Object.fromEntries([...outcomes.entries()].sort()));
    expect(failures).toEqual([]);

    expect((await api.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    for (const org of orgs) {
      const account = (await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(org.key) })).json();
      expect(account.credits_held).toBe(0);
      expect(account.credit_balance).toBe(CREDITS - org.charged);
      expect(account.lifetime_credits_charged).toBe(org.charged);
      const ledger = (await api.app.inject({ method: "GET", url: "/v1/credits/ledger?limit=1000", headers: bearer(org.key) })).json();
      const charges = ledger.data.filter((e: { kind: string }) => e.kind === "charge").reduce((s: number, e: { credits: number }) => s - e.credits, 0);
      expect(charges).toBe(org.charged);
    }
  }, 45 * 60_000);
});
