// The end-to-end harness: the real service (`serve()`, src/api/serve.ts) on a real socket
// over a fresh database, Debian's Chromium driven by playwright-core, the outbox as the
// mailbox, and screenshots kept as artifacts.
//
// Chromium is the system's (/usr/bin/chromium, Debian's `chromium`: .ci/run installs it);
// playwright-core never downloads a browser. Without it the e2e tests skip and say why.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { serve, type RunningService } from "../../src/api/serve.js";
import { runAdminCommand } from "../../src/admin/commands.js";
import { adminSocketPath, sendAdminCommand } from "../../src/admin/socket.js";
import { parseEnv } from "../../src/config/env.js";
import { listOutbox, type OutboxMail } from "../../src/store/outbox.js";
import { freshDb, type TestDb } from "../support/db.js";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export const chromiumMissing: string | null = existsSync(CHROMIUM_PATH)
  ? null
  : `${CHROMIUM_PATH} is absent: install Debian's chromium (apt-get install -y chromium) to run the browser tests; CI does`;

// Running as root needs --no-sandbox; on a closed network Chromium's own background
// connections (updates, sync, field trials) would fail noisily, so they are switched off.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A signing key for the sandbox processor, the same for the service and nothing else. */
const SANDBOX_SECRET = "e2e-sandbox-webhook-secret-0123456789abcdef";

export interface E2eService {
  service: RunningService;
  /** {base_url}: where the browser goes, and what mailed links and return addresses name. */
  origin: string;
  dbKind: "pglite" | "postgres";
  /** The newest mail to `to`, read from the outbox (the service's own store). */
  lastMail(to: string): Promise<OutboxMail | undefined>;
  /** `svc admin ARGS…` against the service's store; its output, or a thrown error. */
  admin(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * `serve()` on 127.0.0.1 with PORT=0, without PUBLIC_BASE_URL: the base URL is serve()'s
 * own default, http://localhost:<the port it took> (README). The database is PGlite in a
 * fresh DATA_DIR, or, when DATABASE_URL is set, a fresh database on that server.
 */
export async function startService(): Promise<E2eService> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "svc-e2e-"));
  const pg: TestDb | null = process.env.DATABASE_URL ? await freshDb() : null;
  // serve() and the processor selection read these from the process environment.
  const saved = { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, PAYMENTS_PROCESSOR: process.env.PAYMENTS_PROCESSOR, SANDBOX_WEBHOOK_SECRET: process.env.SANDBOX_WEBHOOK_SECRET };
  delete process.env.PUBLIC_BASE_URL;
  process.env.PAYMENTS_PROCESSOR = "sandbox";
  process.env.SANDBOX_WEBHOOK_SECRET = SANDBOX_SECRET;
  const env = parseEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? undefined,
    LOG_LEVEL: "silent",
    ENGINE_THREADS: "1",
  } as NodeJS.ProcessEnv);
  let service: RunningService;
  try {
    service = await serve(env, () => undefined);
  } catch (err) {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const origin = `http://localhost:${new URL(service.url).port}`;
  return {
    service,
    origin,
    dbKind: pg ? "postgres" : "pglite",
    async lastMail(to) {
      if (pg) return (await listOutbox({ db: pg.db, now: Date.now, instanceId: "inst_e2e" }, { to, limit: 1 }))[0];
      // PGlite belongs to the service's process: ask it through its admin socket (`svc admin outbox`).
      const answer = await sendAdminCommand(adminSocketPath(dataDir), ["outbox", "--to", to, "--limit", "1"]);
      if (answer === null || answer.exitCode !== 0) throw new Error(`svc admin outbox: ${JSON.stringify(answer)}`);
      return (answer.output as OutboxMail[])[0];
    },
    async admin(args) {
      const answer = pg
        ? await runAdminCommand({ db: pg.db, now: Date.now, instanceId: "inst_e2e" }, args)
        : await sendAdminCommand(adminSocketPath(dataDir), args);
      if (answer === null || answer.exitCode !== 0) throw new Error(`svc admin ${args.join(" ")}: ${JSON.stringify(answer)}`);
      return answer.output;
    },
    async close() {
      try {
        await service.close();
      } finally {
        await pg?.drop();
        rmSync(dataDir, { recursive: true, force: true });
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
    },
  };
}

/** Polls `read` until it returns something, for at most `ms`. */
export async function eventually<T>(what: string, read: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../artifacts/screenshots");

/** Saves the whole page as artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Everything the page reported as broken: script errors, CSP violations, failed loads. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (m) => {
    // The browser asks for /favicon.ico on its own; the service has none (a 404), which is no fault of a page.
    if (new URL(m.location().url || "about:blank").pathname === "/favicon.ico") return;
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ""}`));
  return problems;
}

/** What a suite drives: the service and one browser context, set up once for the suite. */
export interface E2eStage {
  svc: E2eService;
  context: BrowserContext;
}

/**
 * Starts the service and Chromium before the suite's tests and closes them after; the stage
 * is undefined when Chromium is missing (each test then skips with `chromiumMissing`).
 */
export function useBrowserStage(options: { viewport: { width: number; height: number }; timeoutMs: number }): () => E2eStage {
  let svc: E2eService | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    if (chromiumMissing !== null) return;
    [svc, browser] = await Promise.all([startService(), launchChromium()]);
    context = await browser.newContext({ viewport: options.viewport, locale: "en-US" });
    context.setDefaultTimeout(options.timeoutMs);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await svc?.close();
  });
  return () => ({ svc: svc!, context: context! });
}
