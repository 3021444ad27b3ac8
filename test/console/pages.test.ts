// The read-only pages (dashboard, ledger, usage), the escaping template and the mailers.
import { createServer, type Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { attrIf, html } from "../../src/console/html.js";
import { createMailer, redactLink } from "../../src/console/mailer.js";
import { creditsChart } from "../../src/console/pages/reports.js";
import { dayRange } from "../../src/console/reports_routes.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { findOrgByEmail } from "../../src/store/orgs.js";
import { listOutbox } from "../../src/store/outbox.js";
import { recordUsage } from "../../src/store/usage.js";
import { Browser, newEmail, startConsole, testId, type ConsoleUnderTest } from "./support.js";

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(async () => {
  await c.close();
});

async function signedIn(): Promise<{ b: Browser; orgId: string }> {
  const b = new Browser(c);
  const email = newEmail("pages");
  await b.signIn(email);
  return { b, orgId: (await findOrgByEmail(c.clock, email))!.id };
}

describe("dashboard", () => {
  it("shows balance, held, debt and tier, with the navigation on every page", async () => {
    const { b, orgId } = await signedIn();
    await grantGoodwill(c.clock, orgId, 1_234_567);
    const res = await b.get("/console");
    expect(testId(res.body, "balance")).toBe("1,234,567");
    expect(testId(res.body, "held")).toBe("0");
    expect(testId(res.body, "debt")).toBe("0");
    expect(testId(res.body, "trust-tier")).toBe("0");
    for (const url of ["/console", "/console/keys", "/console/credits", "/console/ledger", "/console/usage"]) {
      const page = await b.get(url);
      expect(page.statusCode, url).toBe(200);
      for (const nav of ["dashboard", "keys", "credits", "ledger", "usage"]) expect(page.body).toContain(`data-testid="nav-${nav}"`);
      expect(page.body).toContain('data-testid="sign-out"');
      expect(page.body).toContain('aria-current="page"');
    }
  });
});

describe("ledger", () => {
  it("lists entries with paging", async () => {
    const { b, orgId } = await signedIn();
    const n = limits.consoleLedgerPageRowsMax + 3;
    for (let i = 0; i < n; i++) await grantGoodwill(c.clock, orgId, 10);
    const first = await b.get("/console/ledger");
    expect(first.body.match(/data-testid="ledger-row"/g)).toHaveLength(limits.consoleLedgerPageRowsMax);
    const next = /data-testid="page-next"/.test(first.body) ? /href="([^"]+)" data-testid="page-next"/.exec(first.body)![1] : "";
    const second = await b.get(next.replace(/&amp;/g, "&"));
    expect(second.body.match(/data-testid="ledger-row"/g)).toHaveLength(3);
    expect(second.body).toContain('data-testid="page-first"');
    expect((await b.get("/console/ledger?after=led_nope")).statusCode).toBe(400);
  });
});

describe("usage", () => {
  it("draws daily credits used as a table and an SVG chart, and lists the records", async () => {
    const { b, orgId } = await signedIn();
    for (const credits of [7, 5]) {
      await recordUsage(c.clock, { orgId, env: "live", requestId: `req_${credits}`, endpoint: "POST /v1/convert", status: 200, pagesProcessed: credits, pagesBilled: credits, creditsCharged: credits, computeMs: 1 });
    }
    const res = await b.get("/console/usage");
    expect(res.statusCode).toBe(200);
    expect(testId(res.body, "usage-total")).toBe("12");
    expect(res.body).toContain('<svg class="chart"');
    expect(res.body.match(/<rect class="bar"/g)).toHaveLength(limits.consoleUsageChartDays);
    expect(res.body.match(/data-testid="usage-day"/g)).toHaveLength(1);
    expect(res.body.match(/data-testid="usage-record"/g)).toHaveLength(2);
  });

  it("the chart scales bars to the largest day and labels each", () => {
    const svg = creditsChart([
      { day: "2026-01-01", requests: 1, pages_billed: 10, credits_charged: 10 },
      { day: "2026-01-02", requests: 0, pages_billed: 0, credits_charged: 0 },
      { day: "2026-01-03", requests: 2, pages_billed: 5, credits_charged: 5 },
    ]).value;
    const heights = [...svg.matchAll(/height="([\d.]+)"><title>/g)].map((m) => Number(m[1]));
    expect(heights[1]).toBe(0);
    expect(heights[0]).toBeCloseTo(heights[2] * 2, 0);
    expect(svg).toContain("<title>2026-01-01: 10 credits</title>");
  });

  it("days run to today, UTC", () => {
    const range = dayRange(Date.UTC(2026, 2, 1, 23, 59), 3);
    expect(range).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
});

describe("html", () => {
  it("escapes every interpolated value, nested lists included, and keeps safe markup", () => {
    const evil = `<img src=x onerror="alert('1')">&`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
      "<p title=\"&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;\">&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;</p>",
    );
    expect(html`<ul>${["<a>", html`<li>${"<b>"}</li>`]}</ul>`.value).toBe("<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>");
    expect(html`${null}${undefined}${false}${0}`.value).toBe("0");
    expect(html`<input${attrIf(true, "checked")}${attrIf(false, "disabled")}>`.value).toBe("<input checked>");
  });
});

describe("mail", () => {
  it("without SMTP_URL: kept in the outbox with the link, and logged", async () => {
    const lines: string[] = [];
    const log = recordingLog(lines);
    const mailer = createMailer({ store: c.clock, smtpUrl: undefined, from: "svc <no-reply@svc.test>", log });
    const to = newEmail("outbox");
    await mailer.send({ to, subject: "s", text: "go http://svc.test/console/auth?token=abc", links: ["http://svc.test/console/auth?token=abc"] });
    const [mail] = await listOutbox(c.clock, { to });
    expect(mail.links).toEqual(["http://svc.test/console/auth?token=abc"]);
    expect(lines.join("")).toContain("console mail kept in the outbox");
  });

  it("with SMTP_URL: delivered by SMTP, noted in the outbox without the token", async () => {
    const received: string[] = [];
    const server = createServer((socket: Socket) => fakeSmtp(socket, received));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const errors: string[] = [];
      const log = recordingLog(errors);
      const mailer = createMailer({ store: c.clock, smtpUrl: `smtp://127.0.0.1:${port}`, from: "svc <no-reply@svc.test>", log });
      const to = newEmail("smtp");
      const link = "http://svc.test/console/auth?token=SECRET123";
      await mailer.send({ to, subject: "Your svc sign-in link", text: `open ${link}`, links: [link] });
      let mail;
      for (let i = 0; i < 100 && mail === undefined; i++) {
        [mail] = await listOutbox(c.clock, { to });
        if (mail === undefined) await new Promise((r) => setTimeout(r, 20));
      }
      expect(received.join("")).toContain("SECRET123");
      expect(mail!.links).toEqual([redactLink(link)]);
      expect(mail!.text).not.toContain("SECRET123");
      expect(errors).toEqual([]);
    } finally {
      server.close();
    }
  });
});

/** A logger that keeps each line's message (and the error, if any). */
function recordingLog(lines: string[]): FastifyBaseLogger {
  const keep = (obj: Record<string, unknown>, msg?: string) => void lines.push(`${msg ?? ""} ${obj.err ? String(obj.err) : ""}`);
  const log = { info: keep, error: keep, warn: keep, debug: keep, trace: keep, fatal: keep, level: "info", child: () => log, silent: () => undefined };
  return log as unknown as FastifyBaseLogger;
}

/** Just enough SMTP for nodemailer: greet, accept every command, collect DATA. */
function fakeSmtp(socket: Socket, received: string[]): void {
  let inData = false;
  let buffer = "";
  socket.write("220 fake ESMTP\r\n");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let nl: number;
    while ((nl = buffer.indexOf("\r\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      if (inData) {
        if (line === ".") {
          inData = false;
          socket.write("250 queued\r\n");
        } else received.push(line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO" || verb === "HELO") socket.write("250 fake\r\n");
      else if (verb === "DATA") {
        inData = true;
        socket.write("354 go\r\n");
      } else if (verb === "QUIT") {
        socket.end("221 bye\r\n");
      } else socket.write("250 ok\r\n");
    }
  });
}
