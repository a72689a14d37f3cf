import type { PGlite } from "@electric-sql/pglite";

/**
 * How long statements may follow one another before the loop gets its I/O phase. Measured against
 * 0 (a loop turn before every contended statement) and 4 ms, 10 ms kept the throughput of no turns
 * at all within the noise while it cut the stalls from 150-350 ms to about 25 ms (ADR 0047).
 */
export const PGLITE_SLICE_MS = 10;

/**
 * Makes an embedded PGlite hand the event loop back between statements (ADR 0047).
 *
 * PGlite runs one statement at a time on the main thread, and its lock passes to the next waiter in
 * a microtask. Under load the statements of every request in flight, and each request's next
 * statement as it comes, run back to back without the loop ever reaching its I/O phase: no new
 * request is read, no timer fires (socket.io's heartbeats included) until every request in flight
 * is done. Measured with 20 concurrent requests of about 8 ms each, the loop stalled for 100 to
 * 350 ms at a time, and a request's p99 was 2.5 to 4 times its mean.
 *
 * Here every top-level statement and transaction takes its turn in one queue, first come first
 * served, as PGlite's own lock would have it; but when the loop has not got through its I/O phase
 * for `sliceMs`, the next turn waits for it to (a `setImmediate`). Statements inside a transaction
 * are the transaction's turn: PGlite lets nothing else in between them anyway.
 */
export function takeTurns(client: PGlite, sliceMs = PGLITE_SLICE_MS): void {
  let tail: Promise<unknown> = Promise.resolve();
  /** Resolves when the loop next reaches its check phase (after I/O); null when none is awaited. */
  let breath: Promise<void> | null = null;
  let breathAskedAt = 0;
  const ready = (): Promise<void> | undefined => {
    if (breath) return performance.now() - breathAskedAt >= sliceMs ? breath : undefined;
    breathAskedAt = performance.now();
    breath = new Promise<void>((resolve) =>
      setImmediate(() => {
        breath = null;
        resolve();
      }),
    );
    return sliceMs <= 0 ? breath : undefined;
  };
  const turn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(ready).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => turn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => turn(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) => turn(() => transaction(...args))) as typeof client.transaction;
}
