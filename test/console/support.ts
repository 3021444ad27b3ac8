// The console under test: a Fastify instance with app.ts's content-type setup (every body
// left unread) plus the console routes, over a fresh database and a clock the test moves;
// and a small cookie-keeping "browser" driving it through app.inject.
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import type { ApiDeps } from "../../src/api/types.js";
import { parseEnv } from "../../src/config/env.js";
import { registerConsole } from "../../src/console/routes.js";
import type { CheckoutRequest, CheckoutSession, PaymentProcessor } from "../../src/payments/processor.js";
import { listOutbox } from "../../src/store/outbox.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

export const BASE_URL = "http://svc.test";

/** A processor whose hosted checkout is a made-up address; settlements are applied by the test. */
export class FakeProcessor implements PaymentProcessor {
  readonly name = "sandbox" as const;
  readonly signatureHeader = "x-fake-signature";
  readonly checkouts: CheckoutRequest[] = [];
  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkouts.push(request);
    const processorRef = `pay_fake_${this.checkouts.length}_${request.purchaseId.slice(-6)}`;
    return { processorRef, url: `https://pay.example/checkout/${processorRef}` };
  }
  verifyWebhook(): never {
    throw new Error("not used by the console tests");
  }
  async refund(): Promise<void> {}
}

export interface ConsoleUnderTest {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  processor: FakeProcessor;
  db: TestDb;
  /** The newest sign-in link mailed to `email` (from the outbox), or undefined. */
  lastLink(email: string): Promise<string | undefined>;
  mails(email: string): Promise<number>;
  close(): Promise<void>;
}

export async function startConsole(options: { baseUrl?: string } = {}): Promise<ConsoleUnderTest> {
  const db = await freshDb();
  // Real time as the start, so timestamps written by the database's defaults stay coherent.
  const clock = manualClock(db.db, Date.now());
  const env = parseEnv({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-in-tests" } as NodeJS.ProcessEnv);
  const deps: ApiDeps = { store: clock, pool: null as never, env, baseUrl: options.baseUrl ?? BASE_URL };
  const app = Fastify({ logger: false });
  // As src/api/app.ts: Fastify must leave every body unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  const processor = new FakeProcessor();
  registerConsole(app, deps, processor, { secret: "console-test-secret-0123456789abcdef" });
  await app.ready();
  return {
    app,
    clock,
    processor,
    db,
    async lastLink(email) {
      const [mail] = await listOutbox(clock, { to: email, limit: 1 });
      return mail?.links[0];
    },
    async mails(email) {
      return (await listOutbox(clock, { to: email, limit: 100 })).length;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

let ips = 0;

/** One browser: its own cookie jar and client address. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(private readonly c: ConsoleUnderTest, ip?: string) {
    ips += 1;
    this.ip = ip ?? `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`;
  }

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: LightMyRequestResponse): LightMyRequestResponse {
    const raw = res.headers["set-cookie"];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (attrs.some((a) => a.toLowerCase() === "max-age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader();
    return this.keep(await this.c.app.inject({ method: "GET", url, remoteAddress: this.ip, headers: cookie ? { cookie } : {} }));
  }

  async post(url: string, fields: Record<string, string | string[]>): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    return this.keep(await this.c.app.inject({ method: "POST", url, remoteAddress: this.ip, headers, payload: body.toString() }));
  }

  /** GETs `url` and returns the CSRF token of its first form. */
  async csrfFrom(url: string): Promise<string> {
    const res = await this.get(url);
    const token = csrfOf(res.body);
    if (token === undefined) throw new Error(`no CSRF field on ${url} (status ${res.statusCode})`);
    return token;
  }

  /** Asks for a sign-in link for `email` from this browser; returns the response. */
  async requestLink(email: string): Promise<LightMyRequestResponse> {
    // The test clock stands still; a tick keeps each mail's sent_at (the outbox's order) distinct.
    this.c.clock.advance(1);
    const csrf = await this.csrfFrom("/console/sign-in");
    return this.post("/console/sign-in", { csrf, email });
  }

  /** Opens a mailed link (its path) and presses the button; returns the POST's response. */
  async useLink(link: string): Promise<LightMyRequestResponse> {
    const page = await this.get(pathOf(link));
    const csrf = csrfOf(page.body);
    const token = new URL(link).searchParams.get("token") ?? "";
    return this.post("/console/auth", { csrf: csrf ?? "", token });
  }

  /** The whole flow: request, read the outbox, confirm. */
  async signIn(email: string): Promise<void> {
    const asked = await this.requestLink(email);
    if (asked.statusCode !== 200) throw new Error(`sign-in request: ${asked.statusCode}`);
    const link = await this.c.lastLink(email);
    if (link === undefined) throw new Error(`no link mailed to ${email}`);
    const done = await this.useLink(link);
    if (done.statusCode !== 303) throw new Error(`sign-in: ${done.statusCode} ${done.body.slice(0, 300)}`);
  }
}

export function csrfOf(body: string): string | undefined {
  return /name="csrf" value="([^"]+)"/.exec(body)?.[1];
}

export function pathOf(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

/** The text of the element carrying data-testid="id" (first match; no nested elements). */
export function testId(body: string, id: string): string | undefined {
  const m = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(body);
  return m?.[1];
}

let emails = 0;
export function newEmail(tag = "user"): string {
  emails += 1;
  return `${tag}${emails}-${Date.now()}@example.com`;
}
