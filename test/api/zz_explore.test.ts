import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.js";
import { multipartBody } from "../support/http.js";
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf", name));
const corpus = (name: string) => readFileSync(path.resolve("/work/shared/pdfs", name));
let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api.close(); });
const show = (r: any) => { const b = r.body.length > 1500 ? r.body.slice(0, 1500) + "..." : r.body; console.log(r.statusCode, JSON.stringify(r.headers), b); };
it("explore", async () => {
  const { key } = await api.account({ credits: 5000 });
  const h = { authorization: `Bearer ${key}` };
  let t = Date.now();
  let r = await api.app.inject({ method: "POST", url: "/v1/toc", headers: { ...h, "content-type": "application/pdf" }, payload: corpus("pdf.js/freeculture.pdf") });
  show(r); console.log("toc ms", Date.now() - t);
  t = Date.now();
  r = await api.app.inject({ method: "POST", url: "/v1/convert?pages=1-200", headers: { ...h, "content-type": "application/pdf" }, payload: corpus("pdf.js/freeculture.pdf") });
  console.log(r.statusCode, "convert 200 ms", Date.now() - t, r.json().usage);
  r = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { ...h, "content-type": "application/pdf" }, payload: corpus("pdf.js/freeculture.pdf") });
  show(r);
  r = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { ...h, "content-type": "application/pdf" }, payload: corpus("pdf.js/tagged_stamp.pdf") });
  show(r);
  r = await api.app.inject({ method: "POST", url: "/v1/convert?page_markers=rule", headers: { ...h, "content-type": "application/pdf" }, payload: fixture("running-headers.pdf") });
  console.log(r.json().markdown); console.log(JSON.stringify(r.json().pages));
  r = await api.app.inject({ method: "POST", url: "/v1/convert?headers_footers=strip", headers: { ...h, "content-type": "application/pdf" }, payload: fixture("running-headers.pdf") });
  console.log(r.json().markdown);
  for (const tables of ["gfm", "html", "off"]) {
    r = await api.app.inject({ method: "POST", url: "/v1/convert?tables=" + tables, headers: { ...h, "content-type": "application/pdf" }, payload: fixture("table-ruled.pdf") });
    console.log(tables, r.json().markdown);
  }
  const b = "XyZb";
  for (const opts of [{}, { normalize: { dehyphenate: true } }]) {
    r = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { ...h, "content-type": `multipart/form-data; boundary=${b}` }, payload: multipartBody(b, [{ name: "file", data: fixture("hyphenation.pdf"), filename: "a.pdf", contentType: "application/pdf" }, { name: "options", data: JSON.stringify(opts), contentType: "application/json" }]) });
    console.log(JSON.stringify(opts), r.statusCode, r.json().markdown);
  }
  r = await api.app.inject({ method: "POST", url: "/v1/convert?debug=true", headers: { ...h, "content-type": "application/pdf" }, payload: fixture("links.pdf") });
  console.log(JSON.stringify(r.json().debug).slice(0, 600), JSON.stringify(r.json().links));
  r = await api.app.inject({ method: "POST", url: "/v1/convert", headers: { ...h, "content-type": "application/pdf" }, payload: fixture("scripts-non-latin.pdf") });
  console.log(r.json().markdown);
});
