import crypto from "node:crypto";
import type { Redis } from "ioredis";

/**
 * The per-account brake on password guessing (ADR 0004). The per-address rate limit
 * (rate-limits.ts) cannot protect one account: it allows a school's whole class behind one
 * address, so it allows a guesser 100 tries a minute. Here failures are counted per account, and
 * past a few free ones each further attempt must wait twice as long as the one before.
 *
 * It slows down and never blocks: every delay is capped, and the hard counter is kept per
 * account *and* client address, so someone guessing from elsewhere delays only themselves; the
 * class at school goes on signing in. A soft ceiling per account (many addresses at once: a
 * botnet) slows down only addresses the account has not signed in from before.
 */
export const LOGIN_THROTTLE = {
  /** A counter forgets its failures once none has come for this long. */
  windowMs: 15 * 60_000,
  /** The first delay past the free failures; each further failure doubles it. */
  baseDelayMs: 1000,
  /** Per account and client address: 5 free failures, then 1 s, 2 s, 4 s, ... up to 5 minutes. */
  perAddress: { freeFailures: 5, maxDelayMs: 5 * 60_000 },
  /** Per account from every address: 50 free failures, then up to 1 minute, never for known addresses. */
  perAccount: { freeFailures: 50, maxDelayMs: 60_000 },
  /** How long a successful sign-in makes its client address known to that account. */
  knownAddressMs: 30 * 86_400_000,
} as const;

type Rule = { freeFailures: number; maxDelayMs: number };
type Counter = { count: number; last: number };

/** Milliseconds the next attempt must still wait under `rule` (0: it may go ahead). */
export function delayLeft(counter: Counter | undefined, rule: Rule, now: number): number {
  if (!counter || now - counter.last > LOGIN_THROTTLE.windowMs || counter.count < rule.freeFailures) return 0;
  const delay = Math.min(LOGIN_THROTTLE.baseDelayMs * 2 ** (counter.count - rule.freeFailures), rule.maxDelayMs);
  return Math.max(0, counter.last + delay - now);
}

/** Whom an attempt is for: the e-mail as the contract normalised it (trimmed, lower case). */
export type LoginAttempt = { tenantId: string; email: string; address: string };
export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginThrottle = {
  /**
   * Admits an attempt or says how long to wait. An admitted attempt counts as a failure at once
   * (so parallel guesses cannot all slip through one opening) until `succeeded` takes it back.
   */
  admit(attempt: LoginAttempt, now: Date): Promise<Admission>;
  /** The right password: the address starts afresh with this account and becomes known to it. */
  succeeded(attempt: LoginAttempt, now: Date): Promise<void>;
};

const sha = (value: string) => crypto.createHash("sha256").update(value).digest("hex").slice(0, 32);

/** Storage keys: hashed, so neither addresses nor e-mails sit in Redis; one hash slot per account. */
function keysOf({ tenantId, email, address }: LoginAttempt) {
  const account = sha(`${tenantId}\n${email}`);
  const pair = sha(`${account}\n${address}`);
  return { pair: `aula-lt:{${account}}:p:${pair}`, account: `aula-lt:{${account}}:a`, known: `aula-lt:{${account}}:k:${pair}` };
}

const refuse = (waitMs: number): Admission => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

/** One process (no REDIS_URL), like the per-address rate limits. */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counters = new Map<string, Counter>();
  private readonly knownUntil = new Map<string, number>();
  private writes = 0;

  async admit(attempt: LoginAttempt, now: Date): Promise<Admission> {
    const keys = keysOf(attempt);
    const t = now.getTime();
    const pair = this.current(keys.pair, t);
    const account = this.current(keys.account, t);
    const known = (this.knownUntil.get(keys.known) ?? 0) > t;
    const wait = Math.max(delayLeft(pair, LOGIN_THROTTLE.perAddress, t), known ? 0 : delayLeft(account, LOGIN_THROTTLE.perAccount, t));
    if (wait > 0) return refuse(wait);
    this.counters.set(keys.pair, { count: (pair?.count ?? 0) + 1, last: t });
    this.counters.set(keys.account, { count: (account?.count ?? 0) + 1, last: t });
    this.sweep(t);
    return { allowed: true };
  }

  async succeeded(attempt: LoginAttempt, now: Date): Promise<void> {
    const keys = keysOf(attempt);
    this.counters.delete(keys.pair);
    const account = this.counters.get(keys.account);
    if (account && account.count > 0) account.count -= 1;
    this.knownUntil.set(keys.known, now.getTime() + LOGIN_THROTTLE.knownAddressMs);
  }

  /** The counter, unless its window has passed. */
  private current(key: string, t: number): Counter | undefined {
    const counter = this.counters.get(key);
    return counter && t - counter.last <= LOGIN_THROTTLE.windowMs ? counter : undefined;
  }

  /** Forgets what has expired now and then, so guessing at random addresses cannot grow memory for ever. */
  private sweep(t: number): void {
    if (++this.writes % 1000 !== 0) return;
    for (const [key, c] of this.counters) if (t - c.last > LOGIN_THROTTLE.windowMs) this.counters.delete(key);
    for (const [key, until] of this.knownUntil) if (until <= t) this.knownUntil.delete(key);
  }
}

// The same rule as delayLeft, run inside Redis so that reading the counters and counting the
// attempt are one step for every instance. Times come from the caller's clock; key expiry only
// collects garbage.
const ADMIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local function counter(key)
  local v = redis.call('HMGET', key, 'count', 'last')
  local count = tonumber(v[1]) or 0
  local last = tonumber(v[2]) or 0
  if now - last > window then count = 0 end
  return count, last
end
local function left(count, last, free, max)
  if count < free then return 0 end
  local delay = math.min(base * 2 ^ (count - free), max)
  return math.max(0, last + delay - now)
end
local pc, pl = counter(KEYS[1])
local ac, al = counter(KEYS[2])
local wait = left(pc, pl, tonumber(ARGV[4]), tonumber(ARGV[5]))
local known = tonumber(redis.call('GET', KEYS[3]))
if not known or known <= now then
  wait = math.max(wait, left(ac, al, tonumber(ARGV[6]), tonumber(ARGV[7])))
end
if wait > 0 then return math.ceil(wait) end
redis.call('HSET', KEYS[1], 'count', pc + 1, 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
redis.call('HSET', KEYS[2], 'count', ac + 1, 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[2], window)
return 0
`;

const SUCCEEDED = `
redis.call('DEL', KEYS[1])
local count = tonumber(redis.call('HGET', KEYS[2], 'count'))
if count and count > 0 then redis.call('HINCRBY', KEYS[2], 'count', -1) end
redis.call('SET', KEYS[3], ARGV[1], 'PX', ARGV[2])
return 0
`;

/** Several instances (REDIS_URL): one count per account whichever instance an attempt reaches. */
export class RedisLoginThrottle implements LoginThrottle {
  constructor(private readonly redis: Redis) {}

  async admit(attempt: LoginAttempt, now: Date): Promise<Admission> {
    const { pair, account, known } = keysOf(attempt);
    const { windowMs, baseDelayMs, perAddress, perAccount } = LOGIN_THROTTLE;
    const wait = await this.redis.eval(
      ADMIT,
      3,
      pair,
      account,
      known,
      now.getTime(),
      windowMs,
      baseDelayMs,
      perAddress.freeFailures,
      perAddress.maxDelayMs,
      perAccount.freeFailures,
      perAccount.maxDelayMs,
    );
    const ms = Number(wait);
    return ms > 0 ? refuse(ms) : { allowed: true };
  }

  async succeeded(attempt: LoginAttempt, now: Date): Promise<void> {
    const { pair, account, known } = keysOf(attempt);
    const { knownAddressMs } = LOGIN_THROTTLE;
    await this.redis.eval(SUCCEEDED, 3, pair, account, known, now.getTime() + knownAddressMs, knownAddressMs);
  }
}

export const createLoginThrottle = (redis: Redis | undefined): LoginThrottle =>
  redis ? new RedisLoginThrottle(redis) : new MemoryLoginThrottle();
