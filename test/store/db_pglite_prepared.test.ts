// Issue 10 item 5: on PGlite the store's statements run as named prepared statements
// (src/store/db.ts PreparedStatements), with parameters converted as node-postgres converts
// them. The same statements must give the same rows, errors and transactions as before,
// whatever the parameter type, including a statement whose first call fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { openDb, type Db } from "../../src/store/db.js";

let db: Db;
beforeAll(async () => {
  db = await openDb({ memory: true });
  await db.exec(`CREATE TABLE t (id int PRIMARY KEY, n bigint NOT NULL, s text, at timestamptz, tags text[], doc jsonb, png bytea)`);
});
afterAll(() => db.close());

describe("PGlite prepared statements (issue 10 item 5)", () => {
  it("passes every parameter type the store uses and reads the rows back typed as before", async () => {
    const at = new Date("2026-11-24T08:00:00.123Z");
    const insert = "INSERT INTO t (id, n, s, at, tags, doc, png) VALUES ($1, $2, $3, $4, $5, $6, $7)";
    const first = await db.query(insert, [1, 9_007_199_254_740_000, "it's", at, ["a", "b,c", 'd"e'], { k: [1, "x"] }, Buffer.from([0, 1, 255])]);
    expect(first.rowCount).toBe(1);
    await db.query(insert, [2, "5", null, at.toISOString(), [], null, null]);
    const select = "SELECT id, n, s, at, tags, doc, png FROM t WHERE id = ANY($1::int[]) ORDER BY id";
    for (let call = 0; call < 3; call++) {
      const r = await db.query<Record<string, unknown>>(select, [[1, 2]]);
      expect(r.rows).toHaveLength(2);
      expect(r.rows[0]).toEqual({ id: 1, n: 9_007_199_254_740_000, s: "it's", at, tags: ["a", "b,c", 'd"e'], doc: { k: [1, "x"] }, png: new Uint8Array([0, 1, 255]) });
      expect(r.rows[1]).toMatchObject({ id: 2, n: 5, s: null, tags: [], doc: null, png: null });
    }
    const update = await db.query("UPDATE t SET n = n + $2 WHERE id = $1", [2, 1]);
    expect(update).toEqual({ rows: [], rowCount: 1 });
  });

  it("a statement whose first call fails runs on the next call, and errors keep their SQLSTATE", async () => {
    const insert = "INSERT INTO t (id, n) VALUES ($1, $2) RETURNING id";
    await db.query(insert, [10, 1]);
    const again = "INSERT INTO t (id, n) VALUES ($1, $2) RETURNING id, n";
    await expect(db.query(again, [10, 1])).rejects.toMatchObject({ code: "23505" });
    expect((await db.query(again, [11, 2])).rows).toEqual([{ id: 11, n: 2 }]);
    await expect(db.query("SELECT nope FROM t WHERE id = $1", [1])).rejects.toMatchObject({ code: "42703" });
    await expect(db.query("SELECT nope FROM t WHERE id = $1", [1])).rejects.toMatchObject({ code: "42703" });
  });

  it("transactions commit and roll back their statements; a statement outside waits for the transaction", async () => {
    const bump = "UPDATE t SET n = n + 1 WHERE id = $1 RETURNING n";
    const read = "SELECT n FROM t WHERE id = $1";
    const before = (await db.query<{ n: number }>(read, [11])).rows[0].n;
    await expect(
      db.transaction(async (tx) => {
        await tx.query(bump, [11]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await db.query<{ n: number }>(read, [11])).rows[0].n).toBe(before);
    let outside: Promise<unknown> | null = null;
    await db.transaction(async (tx) => {
      await tx.query(bump, [11]);
      outside = db.query(bump, [11]);
      await tx.query(bump, [11]);
    });
    await outside;
    expect((await db.query<{ n: number }>(read, [11])).rows[0].n).toBe(before + 3);
  });

  it("keeps working past limits.pglitePreparedMax distinct statements", async () => {
    for (let i = 0; i < limits.pglitePreparedMax + 5; i++) {
      const r = await db.query<{ v: number }>(`SELECT $1::int + ${i} AS v`, [1]);
      expect(r.rows[0].v).toBe(1 + i);
    }
    // Past the bound, texts already prepared still run, and new ones run unprepared.
    expect((await db.query<{ v: number }>("SELECT $1::int + 0 AS v", [2])).rows[0].v).toBe(2);
    expect((await db.query<{ v: number }>("SELECT $1::int * 3 AS v", [2])).rows[0].v).toBe(6);
    expect((await db.query<{ v: number }>("SELECT $1::int * 3 AS v", [3])).rows[0].v).toBe(9);
  });
});
