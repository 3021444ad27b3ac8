// convertMany at the organization's published limits (120 requests a minute with a burst of
// 40, concurrency 4): 50 one-page conversions finish with no 429 ever answered, because the
// client paces itself from the x-ratelimit-* headers and holds at most the organization's
// concurrency in flight; the ledger shows exactly 50 credits charged, and its chain verifies.
// Then `svc convert --api URL` converts two files into --out-dir through the same client.
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SvcClient, verifyLedger, type BatchProgress, type LedgerEntry } from "@svc-md/client";
import { runConvert } from "../../src/cli/convert.js";
import { fixturePdf } from "../support/convert.js";
import { recordingFetch, serveTestApi, type ServedApi } from "./support.js";

let served: ServedApi;
beforeAll(async () => {
  served = await serveTestApi();
});
afterAll(async () => {
  await served.api.close();
});

const ONE_PAGE = ["headings.pdf", "code-block.pdf", "links.pdf", "hyphenation.pdf", "lists-bullet.pdf"];
const BATCH = 50;

describe("convertMany", () => {
  it(`${BATCH} one-page conversions at the organization's limits: no 429, exactly ${BATCH} credits charged`, async () => {
    const { key } = await served.api.account({ credits: 10_000 });
    const rec = recordingFetch();
    const client = new SvcClient({ apiKey: key, baseUrl: served.baseUrl, fetch: rec.fetch });
    const account = await client.account();
    expect(account.limits).toMatchObject({ requests_per_min: 120, concurrency: 4 });
    const inputs = Array.from({ length: BATCH }, (_, i) => fixturePdf(ONE_PAGE[i % ONE_PAGE.length]));
    const events: BatchProgress[] = [];
    let inFlight = 0;
    let inFlightMax = 0;
    const started = performance.now();
    const results = await client.convertMany(inputs, {
      pages: "1",
      onProgress: (e) => {
        events.push(e);
        if (e.type === "started") inFlightMax = Math.max(inFlightMax, ++inFlight);
        if (e.type === "converted" || e.type === "failed") inFlight--;
      },
    });
    const elapsedMs = Math.round(performance.now() - started);
    const retries = events.filter((e) => e.type === "retry");
    const statuses = rec.attempts.map((a) => a.status);
    // The figures of the run, for the record.
    console.log(JSON.stringify({ batch: BATCH, elapsed_ms: elapsedMs, requests: rec.attempts.length, retries: retries.length, statuses: [...new Set(statuses)], in_flight_max: inFlightMax }));

    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(retries).toEqual([]);
    expect(client.concurrency).toBe(4);
    expect(inFlightMax).toBeLessThanOrEqual(4);
    const last = events.filter((e) => e.type === "converted").at(-1);
    expect(last).toMatchObject({ done: BATCH, failed: 0, total: BATCH });
    // More requests than the burst of 40 went out, so the pacing was exercised.
    expect(rec.attempts.length).toBeGreaterThan(40);

    const entries: LedgerEntry[] = [];
    for await (const e of client.ledger({ limit: 20 })) entries.push(e);
    const charges = entries.filter((e) => e.kind === "charge");
    expect(charges).toHaveLength(BATCH);
    expect(charges.reduce((sum, e) => sum + e.credits, 0)).toBe(-BATCH);
    expect(new Set(charges.map((e) => e.reference))).toEqual(new Set(results.map((r) => (r.ok ? r.conversion.id : null))));
    expect((await client.account()).credit_balance).toBe(10_000 - BATCH);
    expect(await verifyLedger(entries)).toMatchObject({ ok: true, entries: entries.length });
    console.log(JSON.stringify({ credits_charged: -charges.reduce((sum, e) => sum + e.credits, 0), ledger_entries: entries.length }));
  });
});

describe("svc convert --api", () => {
  it("converts two files into --out-dir through the client, laid out as a local run", async () => {
    const { key } = await served.api.account({ credits: 1_000 });
    const dir = await mkdtemp(path.join(tmpdir(), "svc-client-cli-"));
    const previous = process.env.SVC_API_KEY;
    try {
      const inputs = path.join(dir, "in");
      await import("node:fs/promises").then(async (fs) => {
        await fs.mkdir(inputs);
        await fs.writeFile(path.join(inputs, "a.pdf"), fixturePdf("headings.pdf"));
        await fs.writeFile(path.join(inputs, "b.pdf"), fixturePdf("code-block.pdf"));
        await fs.writeFile(path.join(inputs, "broken.pdf"), "not a pdf");
      });
      const out = path.join(dir, "md");
      process.env.SVC_API_KEY = key;
      const code = await runConvert([path.join(inputs, "a.pdf"), path.join(inputs, "b.pdf"), "--out-dir", out, "--api", served.baseUrl]);
      expect(code).toBe(0);
      expect((await readdir(out)).sort()).toEqual(["a.md", "b.md", "summary.jsonl"]);
      const a = await readFile(path.join(out, "a.md"), "utf8");
      expect(a.length).toBeGreaterThan(0);
      const summary = (await readFile(path.join(out, "summary.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
      expect(summary.map((l) => [path.basename(l.file), l.status, l.code, l.pages])).toEqual([["a.pdf", "ok", null, 1], ["b.pdf", "ok", null, 1]]);

      // A remote failure gets the same summary line as a local one, with the API's code.
      const failedOut = path.join(dir, "md2");
      const failed = await runConvert([path.join(inputs, "broken.pdf"), path.join(inputs, "a.pdf"), "--out-dir", failedOut, "--api", served.baseUrl]);
      expect(failed).toBe(2);
      const lines = (await readFile(path.join(failedOut, "summary.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
      expect(lines.map((l) => [path.basename(l.file), l.status, l.code])).toEqual([["broken.pdf", "error", "pdf_invalid"], ["a.pdf", "ok", null]]);
    } finally {
      if (previous === undefined) delete process.env.SVC_API_KEY;
      else process.env.SVC_API_KEY = previous;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
