// Logs never hold a secret (issue 12 item 8; SPEC.md §Security: keys are shown once and
// stored as a digest, so the log must not keep them either). Keys and passwords are sent in
// paths, query names and values, headers, multipart part names, the password part and
// metadata, to the real app logging at trace level; the captured lines must hold no key's
// secret part (a key appears as its hint at most) and no password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKey, keyHint } from "../../src/store/key_format.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, fixturePdf, pdfHeaders } from "../support/api_checks.js";
import { multipartBody } from "../support/http.js";

const lines: string[] = [];
let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ logLevel: "trace", logStream: { write: (line) => void lines.push(line) } });
  key = (await api.account({ credits: 20 })).key;
});
afterAll(async () => {
  await api.close();
});

const headings = fixturePdf("headings.pdf");
const password = "hunter2-Pa55word-in-logs";

describe("logs hold no key and no password, at every level", () => {
  it("keys in paths, queries, headers, part names and metadata are logged as hints; query values by name only", async () => {
    const stray = generateKey("live");
    const strayTest = generateKey("test");
    const secretOf = (k: string) => k.slice(12, 44);
    const inject = api.app.inject.bind(api.app);
    await inject({ method: "GET", url: `/v1/conversions/${stray}` , headers: bearer(key) });
    await inject({ method: "GET", url: `/v1/credits/ledger?starting_after=${stray}&password=${password}&${strayTest}=1`, headers: bearer(key) });
    await inject({ method: "GET", url: "/v1/account", headers: { authorization: `Bearer ${stray}`, "x-api-key": stray, cookie: `s=${stray}` } });
    await inject({ method: "GET", url: "/v1/account", headers: { authorization: `Basic ${Buffer.from(`u:${password}`).toString("base64")}` } });
    await inject({ method: "POST", url: `/v1/convert?pages=1&token=${stray}`, headers: pdfHeaders(key), payload: headings });
    await inject({ method: "POST", url: `/v1/convert?password=${password}`, headers: pdfHeaders(key), payload: headings });
    const boundary = "logsecretsboundary";
    await inject({
      method: "POST",
      url: "/v1/convert",
      headers: { ...bearer(key), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, [
        { name: "file", filename: `${stray}.pdf`, contentType: "application/pdf", data: headings },
        { name: "password", data: password },
        { name: stray, data: "x" },
      ]),
    });
    await inject({
      method: "POST",
      url: "/v1/convert",
      headers: { ...bearer(key), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, [
        { name: "file", filename: "a.pdf", contentType: "application/pdf", data: headings },
        { name: "options", contentType: "application/json", data: JSON.stringify({ pages: "1", metadata: { k: stray, [strayTest]: password } }) },
      ]),
    });
    await inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(key, { "idempotency-key": stray }), payload: headings });

    const text = lines.join("");
    expect(lines.length).toBeGreaterThan(20);
    // Logged at trace level: the info lines (every request) and warnings are among them.
    expect(text).toContain('"level":30');
    for (const k of [stray, strayTest, key]) {
      expect(text).not.toContain(secretOf(k));
    }
    expect(text).not.toContain(password);
    expect(text).not.toContain(encodeURIComponent(password));
    // The path's key is there as its hint, and query parameters as names only.
    expect(text).toContain(`/v1/conversions/${keyHint(stray)}`);
    expect(text).toContain(`/v1/credits/ledger?starting_after&password&${keyHint(strayTest)}`);
  });
});
