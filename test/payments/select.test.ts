// select.ts: the processor from the environment, and where the sandbox's signing key lives
// when SANDBOX_WEBHOOK_SECRET is unset (DATA_DIR/sandbox_webhook_secret, made once).
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SandboxProcessor } from "../../src/payments/sandbox.js";
import { parsePaymentsEnv, sandboxProcessor, SANDBOX_SECRET_FILE, selectProcessor, storedSandboxSecret } from "../../src/payments/select.js";
import { StripeProcessor } from "../../src/payments/stripe.js";
import { TEST_SANDBOX_SECRET } from "./support.js";

describe("selectProcessor", () => {
  it("defaults to the sandbox; stripe needs both keys and well-formed ones", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-pay-"));
    expect(selectProcessor({ baseUrl: "http://x", env: { DATA_DIR: dir } })).toBeInstanceOf(SandboxProcessor);
    expect(selectProcessor({ baseUrl: "http://x", env: { PAYMENTS_PROCESSOR: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" } })).toBeInstanceOf(StripeProcessor);
    expect(() => parsePaymentsEnv({ PAYMENTS_PROCESSOR: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => parsePaymentsEnv({ PAYMENTS_PROCESSOR: "stripe", STRIPE_SECRET_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parsePaymentsEnv({ PAYMENTS_PROCESSOR: "paypal" })).toThrow(/PAYMENTS_PROCESSOR/);
    expect(() => parsePaymentsEnv({ SANDBOX_WEBHOOK_SECRET: "short" })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
  });

  it("SANDBOX_WEBHOOK_SECRET signs the sandbox's notifications", () => {
    const sandbox = sandboxProcessor({ baseUrl: "http://x", env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET, DATA_DIR: "/nonexistent-dir-for-test" } });
    const note = sandbox.notification({ type: "payment.reversed", processorRef: "pay_sbx_1" });
    const other = new SandboxProcessor(TEST_SANDBOX_SECRET, { baseUrl: "" });
    expect(other.verifyWebhook(note.rawBody, note.headers, Date.now())).toMatchObject({ type: "payment.reversed", payment: { processorRef: "pay_sbx_1" } });
  });
});

describe("storedSandboxSecret", () => {
  it("is generated once into DATA_DIR (0600) and read back", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-pay-"));
    const secret = storedSandboxSecret(dir);
    const file = path.join(dir, SANDBOX_SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(storedSandboxSecret(dir)).toBe(secret);
  });

  it("keeps a key made by another process, and never creates a missing DATA_DIR", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-pay-"));
    const theirs = "f".repeat(64);
    writeFileSync(path.join(dir, SANDBOX_SECRET_FILE), theirs + "\n", { mode: 0o600 });
    expect(storedSandboxSecret(dir)).toBe(theirs);
    const missing = path.join(dir, "absent", "data");
    const warnings: string[] = [];
    const perProcess = storedSandboxSecret(missing, { info: () => undefined, warn: (_o, m) => void warnings.push(m), error: () => undefined });
    expect(perProcess).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(missing)).toBe(false);
    expect(warnings).toHaveLength(1);
  });
});
