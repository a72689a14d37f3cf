/**
 * The embedded database takes turns with the event loop (ADR 0047): a queue of statements no
 * longer keeps timers and I/O waiting until it is empty, and it still runs first come first served,
 * one at a time, with transactions whole.
 */
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_SLICE_MS, takeTurns } from "../../src/server/db/pglite-turns";

/** A statement of a few milliseconds: the size of an API request's queries. */
const WORK = "select count(*)::int as n from generate_series(1, 40000)";
const STATEMENTS = 40;

/** How many of STATEMENTS concurrent statements are done when a timer set just before them fires. */
async function doneWhenTimerFires(client: PGlite): Promise<{ done: number; total: number }> {
  let done = 0;
  let seen = -1;
  const fired = new Promise<void>((resolve) =>
    setTimeout(() => {
      seen = done;
      resolve();
    }, 0),
  );
  await Promise.all(
    Array.from({ length: STATEMENTS }, () =>
      client.query(WORK).then(() => {
        done++;
      }),
    ),
  );
  await fired;
  return { done: seen, total: STATEMENTS };
}

describe("PGlite taking turns with the event loop", () => {
  let plain: PGlite;
  let turned: PGlite;

  beforeAll(async () => {
    [plain, turned] = await Promise.all([PGlite.create(), PGlite.create()]);
    takeTurns(turned);
    await Promise.all([plain.query(WORK), turned.query(WORK)]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), turned.close()]);
  });

  it("without turns, a timer waits for the whole queue: the stall this module is for", async () => {
    const { done, total } = await doneWhenTimerFires(plain);
    expect(done).toBe(total);
  });

  it("with turns, a timer fires after about a slice of statements, not after all of them", async () => {
    const started = performance.now();
    await turned.query(WORK);
    const oneStatementMs = performance.now() - started;
    const { done, total } = await doneWhenTimerFires(turned);
    expect(done).toBeLessThan(total / 2);
    // A slice's worth (and the one that crosses it), with room for a slow machine.
    expect(done).toBeLessThanOrEqual(Math.ceil(PGLITE_SLICE_MS / Math.max(oneStatementMs, 0.5)) + 4);
  });

  it("runs statements one at a time, in the order they were asked for, each with its own result", async () => {
    const finished: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        turned.query<{ n: number }>(`select $1::int as n from generate_series(1, ${1000 * (30 - i)}) limit 1`, [i]).then((r) => {
          finished.push(i);
          return r.rows[0]?.n;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(finished).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it("a failing statement fails alone: the ones queued behind it run", async () => {
    const outcomes = await Promise.allSettled([turned.query("select 1 as n"), turned.query("select * from no_such_table"), turned.query("select 3 as n")]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await turned.query<{ n: number }>("select 4 as n")).toMatchObject({ rows: [{ n: 4 }] });
  });

  it("a transaction is one turn: a statement asked for meanwhile sees all of it or none of it", async () => {
    await turned.exec("create table pairs (id int primary key)");
    const counts: number[] = [];
    const reader = async () => {
      for (let i = 0; i < 10; i++) {
        counts.push((await turned.query<{ n: number }>("select count(*)::int as n from pairs")).rows[0]?.n ?? -1);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writer = async () => {
      for (let i = 0; i < 5; i++) {
        await turned.transaction(async (tx) => {
          await tx.query("insert into pairs values ($1)", [2 * i]);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx.query("insert into pairs values ($1)", [2 * i + 1]);
        });
      }
    };
    await Promise.all([writer(), reader()]);
    expect(counts.length).toBe(10);
    expect(counts.every((n) => n % 2 === 0)).toBe(true);
    expect((await turned.query<{ n: number }>("select count(*)::int as n from pairs")).rows[0]?.n).toBe(10);
  });
});
