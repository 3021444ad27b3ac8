// DECISIONS.md §Command line: `svc admin …` sets up organizations, keys and credits, prints
// JSON, and works while the service runs, on either database.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../src/admin/commands.js";
import { adminSocketPath, serveAdminSocket } from "../../src/admin/socket.js";
import { authenticate } from "../../src/store/keys.js";
import { verifyLedger } from "../../src/store/ledger.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

const cli = path.resolve(import.meta.dirname, "../../dist/src/cli/main.js");

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, "admin", ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t.drop();
});

describe("svc admin commands (DECISIONS.md §Command line)", () => {
  it("org create → key create → payment settle → credits grant: a working, funded key", async () => {
    const ctx = manualClock(t.db, Date.now());
    const org = await runAdminCommand(ctx, ["org", "create", "--email", "ops@example.com", "--name", "Ops"]);
    expect(org.exitCode).toBe(0);
    const orgId = (org.output as { org_id: string }).org_id;
    expect(orgId).toMatch(/^org_/);

    const key = await runAdminCommand(ctx, ["key", "create", "--org", orgId, "--name", "ci", "--env", "test", "--scopes", "convert:write"]);
    expect(key.exitCode).toBe(0);
    const { key: plaintext, hint } = key.output as { key: string; hint: string; key_id: string };
    expect(plaintext).toMatch(/^svc_sk_test_/);
    expect(hint).toBe("svc_sk_test_" + plaintext.slice(-4));
    const auth = await authenticate(ctx, plaintext);
    expect(auth.ok).toBe(true);

    const pay = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "100"]);
    expect(pay.exitCode).toBe(0);
    expect(pay.output).toMatchObject({ status: "settled", credits_granted: 220_000, balance_after: 220_000 });

    const grant = await runAdminCommand(ctx, ["credits", "grant", "--org", orgId, "--credits", "1000"]);
    expect(grant.output).toMatchObject({ credits: 1000, balance_after: 221_000 });
    expect((await verifyLedger(t.db, orgId)).ok).toBe(true);
  });

  it("refuses bad input with a JSON error, and unknown commands as usage (exit 64)", async () => {
    const ctx = manualClock(t.db, Date.now());
    const dup = await runAdminCommand(ctx, ["org", "create", "--email", "ops@example.com"]);
    expect(dup.exitCode).toBe(1);
    expect(dup.output).toMatchObject({ error: { reason: "email_taken" } });
    await expect(runAdminCommand(ctx, ["payment", "settle", "--org", "org_x", "--pack", "30"])).rejects.toThrow(/--pack is 25, 100, 500 or 2500/);
    await expect(runAdminCommand(ctx, ["frobnicate"])).rejects.toThrow(/unknown admin command/);
  });

  it("org suspend, limits and debug-policy change the organization", async () => {
    const ctx = manualClock(t.db, Date.now());
    const { org_id } = (await runAdminCommand(ctx, ["org", "create", "--email", "limits@example.com"])).output as { org_id: string };
    expect((await runAdminCommand(ctx, ["org", "suspend", "--org", org_id])).output).toMatchObject({ status: "suspended" });
    expect((await runAdminCommand(ctx, ["org", "unsuspend", "--org", org_id])).output).toMatchObject({ status: "active" });
    const lim = await runAdminCommand(ctx, ["org", "limits", "--org", org_id, "--set", "concurrency=2", "--set", "pages_per_min=600"]);
    expect(lim.output).toMatchObject({ limits: { concurrency: 2, pages_per_min: 600 } });
    const bad = await runAdminCommand(ctx, ["org", "limits", "--org", org_id, "--set", "bogus_limit=3"]);
    expect(bad.exitCode).toBe(1);
    expect((await runAdminCommand(ctx, ["org", "debug-policy", "--org", org_id, "disabled"])).output).toMatchObject({ debug_policy: "disabled" });
  });

  it("key revoke makes the key answer revoked_api_key", async () => {
    const ctx = manualClock(t.db, Date.now());
    const { org_id } = (await runAdminCommand(ctx, ["org", "create", "--email", "revoke@example.com"])).output as { org_id: string };
    const created = (await runAdminCommand(ctx, ["key", "create", "--org", org_id, "--name", "old"])).output as { key: string; key_id: string };
    expect((await runAdminCommand(ctx, ["key", "revoke", "--key-id", created.key_id])).exitCode).toBe(0);
    const auth = await authenticate(ctx, created.key);
    expect(auth.ok ? "ok" : auth.reason).toBe("revoked_api_key");
  });
});

describe("svc admin as a process", () => {
  it("prints JSON on stdout against the configured database", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "svc-admin-"));
    const env = t.url ? { DATABASE_URL: t.url } : { DATA_DIR: dataDir };
    // On PGlite the process opens its own database in DATA_DIR (no service is running).
    const r = await runCli(["org", "create", "--email", "process@example.com"], env);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty("org_id");
  });

  it("goes through the running service's admin socket when no DATABASE_URL is set", async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "svc-admin-sock-"));
      const ctx = manualClock(t.db, Date.now());
      const server: Server = await serveAdminSocket(ctx, adminSocketPath(dataDir));
      try {
        const r = await runCli(["org", "create", "--email", "socket@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(r.code).toBe(0);
        const { org_id } = JSON.parse(r.stdout) as { org_id: string };
        // The org exists in the service's database, not in a second one under DATA_DIR.
        const row = await t.db.query<{ email: string }>("SELECT email FROM orgs WHERE id = $1", [org_id]);
        expect(row.rows[0]?.email).toBe("socket@example.com");
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
  });
});
