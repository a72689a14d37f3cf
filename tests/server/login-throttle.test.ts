import crypto from "node:crypto";
import { Redis } from "ioredis";
import {
  LOGIN_THROTTLE,
  MemoryLoginThrottle,
  RedisLoginThrottle,
  type LoginAttempt,
  type LoginThrottle,
} from "../../src/server/platform/login-throttle";

const redisUrl = process.env.TEST_REDIS_URL;
let redis: Redis | undefined;
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis?.quit();
});

type Store = [name: string, make: () => LoginThrottle];
const stores: Store[] = [["memory", () => new MemoryLoginThrottle()]];
// The Redis store runs when TEST_REDIS_URL is set (.ci/run sets it): the same rules, kept for every instance.
if (redisUrl) {
  stores.push([
    "redis",
    () => {
      if (!redis) throw new Error("no Redis client");
      return new RedisLoginThrottle(redis);
    },
  ]);
}

const T0 = Date.UTC(2026, 2, 2, 8, 0, 0);
const at = (ms: number) => new Date(T0 + ms);
const { perAddress, perAccount } = LOGIN_THROTTLE;

/** An account of its own per test (random tenant), so runs on one Redis never meet. */
const accountAt = (address: string, base?: LoginAttempt): LoginAttempt => ({
  tenantId: base?.tenantId ?? crypto.randomUUID(),
  email: base?.email ?? "ana@school.example",
  address,
});

/** `n` failed attempts at time `ms`, each admitted. */
async function fail(throttle: LoginThrottle, attempt: LoginAttempt, n: number, ms = 0): Promise<void> {
  for (let i = 0; i < n; i++) expect(await throttle.admit(attempt, at(ms))).toEqual({ allowed: true });
}

/** A guesser who waits as told: attempts until `admitted` got through; returns the time reached. */
async function guessPatiently(throttle: LoginThrottle, attempt: () => LoginAttempt, admitted: number): Promise<number> {
  let now = 0;
  for (let through = 0; through < admitted; ) {
    const answer = await throttle.admit(attempt(), at(now));
    if (answer.allowed) through += 1;
    else now += answer.retryAfterSeconds * 1000;
  }
  return now;
}

describe.each(stores)("sign-in throttle per account (%s)", (_name, make) => {
  it("gives five free failures, then doubles the wait from 1 s", async () => {
    const throttle = make();
    const guesser = accountAt("203.0.113.9");
    await fail(throttle, guesser, perAddress.freeFailures);

    expect(await throttle.admit(guesser, at(0))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.admit(guesser, at(999))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await fail(throttle, guesser, 1, 1000);
    expect(await throttle.admit(guesser, at(1000))).toEqual({ allowed: false, retryAfterSeconds: 2 });
    await fail(throttle, guesser, 1, 3000);
    expect(await throttle.admit(guesser, at(3000))).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it("caps the wait at five minutes however long the guessing goes on", async () => {
    const throttle = make();
    const guesser = accountAt("203.0.113.9");
    const now = await guessPatiently(throttle, () => guesser, perAddress.freeFailures + 12);
    // 2^12 s uncapped.
    expect(await throttle.admit(guesser, at(now))).toEqual({ allowed: false, retryAfterSeconds: perAddress.maxDelayMs / 1000 });
  });

  it("delays only the address that failed: the class at school signs in while someone elsewhere guesses", async () => {
    const throttle = make();
    const guesser = accountAt("203.0.113.9");
    await fail(throttle, guesser, perAddress.freeFailures);
    expect((await throttle.admit(guesser, at(0))).allowed).toBe(false);
    const school = accountAt("198.51.100.7", guesser);
    expect(await throttle.admit(school, at(0))).toEqual({ allowed: true });
  });

  it("starts the address afresh after the right password", async () => {
    const throttle = make();
    const student = accountAt("198.51.100.7");
    await fail(throttle, student, perAddress.freeFailures - 1);
    await throttle.succeeded(student, at(0));
    await fail(throttle, student, perAddress.freeFailures);
  });

  it("forgets failures after fifteen quiet minutes", async () => {
    const throttle = make();
    const student = accountAt("198.51.100.7");
    await fail(throttle, student, perAddress.freeFailures);
    expect((await throttle.admit(student, at(0))).allowed).toBe(false);
    await fail(throttle, student, perAddress.freeFailures, LOGIN_THROTTLE.windowMs + 1);
  });

  it("lets exactly one of many simultaneous attempts through an opening", async () => {
    const throttle = make();
    const guesser = accountAt("203.0.113.9");
    await fail(throttle, guesser, perAddress.freeFailures);
    const answers = await Promise.all(Array.from({ length: 10 }, () => throttle.admit(guesser, at(1000))));
    expect(answers.filter((a) => a.allowed)).toHaveLength(1);
  });

  it("slows an account guessed at from many addresses, for new addresses only, by at most a minute", async () => {
    const throttle = make();
    const school = accountAt("198.51.100.7");
    expect(await throttle.admit(school, at(0))).toEqual({ allowed: true });
    await throttle.succeeded(school, at(0));

    // A botnet: every address stays under its own limit, together they pass the account's ceiling.
    for (let i = 0; i < perAccount.freeFailures + 10; i++) {
      const bot = accountAt(`203.0.${Math.floor(i / 4)}.${i % 4}`, school);
      const answer = await throttle.admit(bot, at(0));
      if (i < perAccount.freeFailures) expect(answer).toEqual({ allowed: true });
      else expect(answer.allowed).toBe(false);
    }
    const newcomer = await throttle.admit(accountAt("192.0.2.1", school), at(0));
    expect(newcomer).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The address the student signed in from before goes straight through.
    expect(await throttle.admit(school, at(0))).toEqual({ allowed: true });

    // Capped at a minute: however long it goes on, a newcomer never waits longer (2^9 s uncapped).
    let next = 10;
    const now = await guessPatiently(throttle, () => accountAt(`192.0.2.${next++}`, school), 8);
    expect(await throttle.admit(accountAt("192.0.2.99", school), at(now))).toEqual({
      allowed: false,
      retryAfterSeconds: perAccount.maxDelayMs / 1000,
    });
  });
});
