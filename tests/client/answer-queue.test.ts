import type { AnswerSaved } from "../../src/contracts/assessments";
import type { Answer } from "../../src/contracts/questions";
import { AnswerQueue, storageKeyOf, type QueueEntry } from "../../src/client/features/questions/answerQueue";

const ATTEMPT = "a0000000-0000-4000-8000-000000000001";
const Q1 = "q0000000-0000-4000-8000-000000000001";
const Q2 = "q0000000-0000-4000-8000-000000000002";
const KEY = storageKeyOf(ATTEMPT);

const paris: Answer = { type: "QT_1", answer: { choiceId: "p2m" } };
const madrid: Answer = { type: "QT_1", answer: { choiceId: "c7k" } };
const roma: Answer = { type: "QT_1", answer: { choiceId: "r9x" } };
const text = (t: string): Answer => ({ type: "QT_17", answer: { text: t } });

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

type Call = { entry: QueueEntry; resolve: () => void; reject: (error: unknown) => void };

/** A send whose every call waits until the test answers it. */
function fakeSend() {
  const calls: Call[] = [];
  const send = jest.fn(
    (entry: QueueEntry) =>
      new Promise<AnswerSaved>((resolve, reject) => {
        calls.push({
          entry,
          resolve: () => resolve({ questionGuid: entry.questionGuid, seq: entry.seq, savedAt: "2026-03-01T10:00:00.000Z", applied: true }),
          reject,
        });
      }),
  );
  return { send, calls };
}

const networkDown = { status: "FETCH_ERROR", error: "TypeError: Failed to fetch" };
const serverDown = { status: 503, data: { status: "error", error: { key: "INTERNAL_ERROR" } } };
const refused = (status: number, key: string) => ({ status, data: { status: "error", error: { key, message: key } } });

function makeQueue(storage: Storage, initialSeqs: Record<string, number> = {}, events = new EventTarget()) {
  const { send, calls } = fakeSend();
  const queue = new AnswerQueue({ attemptGuid: ATTEMPT, storage, send, initialSeqs, events });
  queue.start();
  return { queue, send, calls, events };
}

const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("AnswerQueue", () => {
  it("sends the next seq with a fresh key, and only the latest of changes made while one is in flight", async () => {
    const { queue, calls } = makeQueue(new MemoryStorage(), { [Q1]: 4 });
    queue.put(Q1, madrid);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.entry).toMatchObject({ questionGuid: Q1, seq: 5, value: madrid });
    expect(calls[0]?.entry.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(queue.status).toBe("saving");

    // Two more changes while the first is on its way: one request at a time, the last one wins.
    queue.put(Q1, roma);
    queue.put(Q1, paris);
    expect(calls).toHaveLength(1);
    expect(queue.pending().map((e) => e.value)).toEqual([paris]);

    calls[0]?.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.entry).toMatchObject({ seq: 7, value: paris });
    expect(calls[1]?.entry.key).not.toBe(calls[0]?.entry.key);

    calls[1]?.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(queue.status).toBe("saved");
    expect(queue.pending()).toEqual([]);
  });

  it("sends different questions in parallel", async () => {
    const { queue, calls } = makeQueue(new MemoryStorage());
    queue.put(Q1, paris);
    queue.put(Q2, text("Lisboa"));
    expect(calls.map((c) => [c.entry.questionGuid, c.entry.seq])).toEqual([
      [Q1, 1],
      [Q2, 1],
    ]);
  });

  it("keeps unsent changes in storage, and a new queue (a reload) restores and sends them with the same key", async () => {
    const storage = new MemoryStorage();
    const first = makeQueue(storage, { [Q1]: 2 });
    first.queue.put(Q1, paris);
    first.queue.put(Q2, text("Lisb"));
    first.queue.put(Q2, text("Lisboa"));
    const stored = JSON.parse(storage.getItem(KEY) ?? "null") as { entries: QueueEntry[]; seqs: Record<string, number> };
    expect(stored.entries.map((e) => [e.questionGuid, e.seq, e.value])).toEqual([
      [Q1, 3, paris],
      [Q2, 2, text("Lisboa")],
    ]);
    expect(stored.seqs).toEqual({ [Q1]: 3, [Q2]: 2 });
    const sentKeys = first.calls.map((c) => c.entry.key);
    first.queue.dispose();

    // The page reloads before any answer arrives: the server still has seq 2 for Q1 and nothing for Q2.
    const second = makeQueue(storage, { [Q1]: 2 });
    expect(second.queue.restore()).toEqual({ [Q1]: paris, [Q2]: text("Lisboa") });
    expect(second.calls.map((c) => c.entry.key)).toEqual([sentKeys[0], stored.entries[1]?.key]);
    second.calls.forEach((c) => c.resolve());
    await settle();
    expect(storage.getItem(KEY)).toBeNull();
    expect(second.queue.status).toBe("saved");
  });

  it("drops stored changes the server already has", () => {
    const storage = new MemoryStorage();
    const entries: QueueEntry[] = [
      { questionGuid: Q1, seq: 3, key: "stale-key-0001", value: madrid },
      { questionGuid: Q2, seq: 5, key: "fresh-key-0002", value: text("Lisboa") },
    ];
    storage.setItem(KEY, JSON.stringify({ entries, seqs: { [Q1]: 3, [Q2]: 5 } }));
    const { queue, calls } = makeQueue(storage, { [Q1]: 3, [Q2]: 4 });
    expect(queue.restore()).toEqual({ [Q2]: text("Lisboa") });
    expect(calls.map((c) => c.entry.key)).toEqual(["fresh-key-0002"]);
    // New changes still go above every seq used before.
    queue.put(Q1, paris);
    expect(calls[1]?.entry.seq).toBe(4);
  });

  it("after a network error, retries the same entry with the same key, backing off 1 s, 2 s, 4 s… up to 30 s", async () => {
    const { queue, calls } = makeQueue(new MemoryStorage());
    queue.put(Q1, paris);
    const key = calls[0]?.entry.key;
    calls[0]?.reject(networkDown);
    await settle();
    expect(queue.status).toBe("offline");
    expect(queue.pending()).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.entry.key).toBe(key);

    // Each failure doubles the wait: 2 s, 4 s, 8 s, 16 s, then 30 s at most.
    const waits: number[] = [];
    for (let i = 1; i <= 6; i++) {
      calls[i]?.reject(networkDown);
      await settle();
      let waited = 0;
      while (calls.length === i + 1) {
        await jest.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(new Set(calls.map((c) => c.entry.key))).toEqual(new Set([key]));

    calls[7]?.resolve();
    await settle();
    expect(queue.status).toBe("saved");
  });

  it("says retrying on a 5xx or 429 and offline on a network error", async () => {
    const { queue, calls } = makeQueue(new MemoryStorage());
    queue.put(Q1, paris);
    calls[0]?.reject(serverDown);
    await settle();
    expect(queue.status).toBe("retrying");
    await jest.advanceTimersByTimeAsync(1000);
    calls[1]?.reject(refused(429, "TOO_MANY_REQUESTS"));
    await settle();
    expect(queue.status).toBe("retrying");
    expect(queue.pending()).toHaveLength(1);
  });

  it("retries at once when the browser is back online", async () => {
    const { queue, calls, events } = makeQueue(new MemoryStorage());
    queue.put(Q1, paris);
    calls[0]?.reject(networkDown);
    await settle();
    // Changes made while offline wait for the connection too.
    queue.put(Q1, roma);
    expect(calls).toHaveLength(1);
    expect(queue.status).toBe("offline");

    events.dispatchEvent(new Event("online"));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.entry).toMatchObject({ seq: 2, value: roma });
    calls[1]?.resolve();
    await settle();
    expect(queue.status).toBe("saved");
  });

  it("drops and reports a change the server refuses; a later save of that question clears the report", async () => {
    const storage = new MemoryStorage();
    const { queue, calls } = makeQueue(storage);
    const seen: string[] = [];
    queue.subscribe(() => seen.push(queue.getSnapshot().status));
    queue.put(Q1, paris);
    calls[0]?.reject(refused(422, "VALIDATION_ERROR"));
    await settle();
    expect(queue.pending()).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(queue.getSnapshot()).toMatchObject({ status: "error", errors: { [Q1]: "VALIDATION_ERROR" } });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(seen).toContain("error");

    queue.put(Q1, madrid);
    calls[1]?.resolve();
    await settle();
    expect(queue.getSnapshot()).toMatchObject({ status: "saved", errors: {} });
  });

  it.each([
    [400, "VALIDATION_ERROR"],
    [409, "CONFLICT"],
    [413, "FILE_TOO_LARGE"],
  ])("never retries a %i (%s): it reports it and lets hand-in go on (ADR 0019)", async (status, key) => {
    const { queue, calls } = makeQueue(new MemoryStorage());
    queue.put(Q1, text("con un carácter pegado"));
    calls[0]?.reject(refused(status, key));
    await settle();
    await expect(queue.whenSettled()).resolves.toBe("idle");
    expect(queue.getSnapshot()).toMatchObject({ status: "error", errors: { [Q1]: key }, pendingCount: 0 });
    await jest.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
  });

  it("stops when the attempt was handed in elsewhere", async () => {
    const storage = new MemoryStorage();
    const { queue, calls } = makeQueue(storage);
    queue.put(Q1, paris);
    queue.put(Q2, text("Lisboa"));
    calls[0]?.reject(refused(409, "ATTEMPT_SUBMITTED"));
    await settle();
    expect(queue.getSnapshot()).toMatchObject({ stopped: true, status: "error" });
    expect(storage.getItem(KEY)).toBeNull();
    queue.put(Q1, madrid);
    expect(calls).toHaveLength(2);
    expect(queue.pending()).toEqual([]);
  });

  it("whenIdle resolves once everything is saved; whenSettled also when it is stuck offline", async () => {
    const { queue, calls } = makeQueue(new MemoryStorage());
    queue.put(Q1, paris);
    queue.put(Q2, text("Lisboa"));
    let idle = false;
    void queue.whenIdle().then(() => (idle = true));
    calls[0]?.resolve();
    await settle();
    expect(idle).toBe(false);
    calls[1]?.resolve();
    await settle();
    expect(idle).toBe(true);
    await expect(queue.whenIdle()).resolves.toBeUndefined();

    queue.put(Q1, madrid);
    const settled = queue.whenSettled();
    calls[2]?.reject(networkDown);
    await expect(settled).resolves.toBe("offline");

    // Retry now (the page's Retry button): this time it arrives.
    queue.retryNow();
    const again = queue.whenSettled();
    calls[3]?.resolve();
    await expect(again).resolves.toBe("idle");
  });

  it("clear() forgets the attempt's stored answers and sends nothing more", () => {
    const storage = new MemoryStorage();
    const { queue, calls } = makeQueue(storage);
    queue.put(Q1, paris);
    expect(storage.getItem(KEY)).not.toBeNull();
    queue.clear();
    expect(storage.getItem(KEY)).toBeNull();
    queue.put(Q2, text("x"));
    expect(calls).toHaveLength(1);
  });
});
