// Runs a store benchmark on every database this machine offers: an in-memory PGlite
// database always, and a fresh PostgreSQL database when DATABASE_URL is set (created on
// that server and dropped afterwards, as the tests do).
import { randomBytes } from "node:crypto";
import { openDb, type Db } from "../src/store/db.js";

export async function onEachDatabase<R>(bench: (kind: "pglite" | "postgres", db: Db) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  const pglite = await openDb({ memory: true });
  rows.push(...(await bench("pglite", pglite)));
  await pglite.close();

  const base = process.env.DATABASE_URL;
  if (!base) return rows;
  const name = `svc_bench_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ databaseUrl: base, poolSize: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pg = await openDb({ databaseUrl: url.toString() });
  try {
    rows.push(...(await bench("postgres", pg)));
  } finally {
    await pg.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
  return rows;
}
