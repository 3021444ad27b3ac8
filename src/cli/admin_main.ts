// Where `svc admin` runs its command: against PostgreSQL directly (any number of processes
// may share it); on the embedded database through the running service's admin socket, or
// directly when no service runs.
import { adminUsage, isAdminUsageError, runAdminCommand, usageResult, type AdminResult } from "../admin/commands.js";
import { adminSocketPath, sendAdminCommand } from "../admin/socket.js";
import { parseEnv } from "../config/env.js";
import { openStore } from "../store/open_store.js";

export async function runAdmin(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "help") {
    process.stdout.write(adminUsage + "\n");
    return argv.length === 0 ? 64 : 0;
  }
  const env = parseEnv();
  let result: AdminResult | null = null;
  if (!env.DATABASE_URL) result = await sendAdminCommand(adminSocketPath(env.DATA_DIR), argv);
  if (!result) {
    const store = await openStore(env);
    try {
      result = await runAdminCommand(store.ctx, argv);
    } catch (err) {
      if (!isAdminUsageError(err)) throw err;
      result = usageResult(err);
    } finally {
      await store.close();
    }
  }
  const text = JSON.stringify(result.output) + "\n";
  if (result.exitCode === 0) process.stdout.write(text);
  else process.stderr.write(result.exitCode === 64 ? text + adminUsage + "\n" : text);
  return result.exitCode;
}
