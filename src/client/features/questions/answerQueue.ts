import type { AnswerSaved } from "../../../contracts/assessments";
import type { Answer } from "../../../contracts/questions";

/*
 * The attempt page's autosave queue (issue 6). Every answer change becomes an entry with the next
 * sequence number of its question and a fresh idempotency key; only the latest entry of a question
 * matters, so a newer one replaces one not sent yet. Entries live in the browser's storage until
 * the server has them, so a reload or a dropped connection loses nothing. A network error, a
 * timeout, a 5xx or a 429 keeps the entry and retries it with the same key (the server treats a
 * repeated key as a replay) after 1 s, 2 s, 4 s... up to 30 s, and at once when the browser says it
 * is online again. Any other 4xx drops the entry and reports it; ATTEMPT_SUBMITTED stops the queue.
 */

export type QueueEntry = { questionGuid: string; seq: number; key: string; value: Answer | null };
export type QueueStatus = "saved" | "saving" | "offline" | "retrying" | "error";
export type QueueSnapshot = {
  status: QueueStatus;
  /** Questions whose last change the server refused, with its error key. */
  errors: Readonly<Record<string, string>>;
  /** How many questions have a change the server does not have yet. */
  pendingCount: number;
  /** The attempt was handed in elsewhere: nothing more is sent. */
  stopped: boolean;
};
/** How waiting for the queue ended: everything saved, stuck without a connection or a server, or stopped. */
export type QueueSettled = "idle" | "offline" | "retrying" | "stopped";

export type AnswerQueueOptions = {
  attemptGuid: string;
  storage: Storage;
  send: (entry: QueueEntry) => Promise<AnswerSaved>;
  /** The server's seq per question (its saved answers). */
  initialSeqs: Record<string, number>;
  /** Where "online" events come from; the window by default. */
  events?: EventTarget | null;
};

type Stored = { entries: QueueEntry[]; seqs: Record<string, number> };

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const ATTEMPT_SUBMITTED = "ATTEMPT_SUBMITTED";

export const storageKeyOf = (attemptGuid: string) => `aula.answers.${attemptGuid}`;

/** A random idempotency key ([A-Za-z0-9_-], 32 characters). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

type Failure = { kind: "offline" | "retrying" } | { kind: "refused"; key: string };

/** What a failed send means: RTK Query errors carry `status` (number or "FETCH_ERROR"...) and `data.error.key`. */
export function classifyFailure(error: unknown): Failure {
  const status = error && typeof error === "object" && "status" in error ? (error as { status: unknown }).status : undefined;
  if (status === "FETCH_ERROR") return { kind: "offline" };
  if (typeof status !== "number" || status >= 500 || status === 429 || status < 400) return { kind: "retrying" };
  const data = (error as { data?: { error?: { key?: unknown } } }).data;
  const key = data && typeof data === "object" && typeof data.error?.key === "string" ? data.error.key : "INTERNAL_ERROR";
  return { kind: "refused", key };
}

const isEntry = (e: unknown): e is QueueEntry =>
  !!e && typeof e === "object" && typeof (e as QueueEntry).questionGuid === "string" && typeof (e as QueueEntry).seq === "number" && typeof (e as QueueEntry).key === "string";

export class AnswerQueue {
  private readonly attemptGuid: string;
  private readonly storage: Storage;
  private readonly send: (entry: QueueEntry) => Promise<AnswerSaved>;
  private readonly events: EventTarget | null;
  /** The highest seq known or issued per question. */
  private readonly seqs: Record<string, number>;
  /** The latest unsaved entry per question (what storage holds). */
  private readonly entries = new Map<string, QueueEntry>();
  /** The entry being sent per question. */
  private readonly inflight = new Map<string, QueueEntry>();
  private readonly errors: Record<string, string> = {};
  private readonly listeners = new Set<() => void>();
  private failures = 0;
  private failureKind: "offline" | "retrying" = "retrying";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private started = false;
  private snapshot: QueueSnapshot;

  constructor(options: AnswerQueueOptions) {
    this.attemptGuid = options.attemptGuid;
    this.storage = options.storage;
    this.send = options.send;
    this.events = options.events === undefined ? (typeof window === "undefined" ? null : window) : options.events;
    this.seqs = { ...options.initialSeqs };
    const stored = this.read();
    for (const [q, seq] of Object.entries(stored.seqs)) this.seqs[q] = Math.max(this.seqs[q] ?? 0, seq);
    for (const entry of stored.entries) {
      // The server already has this change or a newer one.
      if (entry.seq <= (options.initialSeqs[entry.questionGuid] ?? -1)) continue;
      this.entries.set(entry.questionGuid, entry);
    }
    this.persist();
    this.snapshot = this.computeSnapshot();
  }

  /** Starts sending (restored entries first) and listening for "online". */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.events?.addEventListener("online", this.onOnline);
    this.flush();
  }

  /** Stops listening and retrying; a send under way still settles. */
  dispose(): void {
    this.started = false;
    this.events?.removeEventListener("online", this.onOnline);
    this.clearTimer();
  }

  /** Records a change of one question's answer and sends it. */
  put(questionGuid: string, value: Answer | null): QueueEntry | null {
    if (this.stopped) return null;
    const seq = (this.seqs[questionGuid] ?? 0) + 1;
    this.seqs[questionGuid] = seq;
    const entry: QueueEntry = { questionGuid, seq, key: newIdempotencyKey(), value };
    this.entries.set(questionGuid, entry);
    this.persist();
    this.flush();
    this.emit();
    return entry;
  }

  /** The changes the server does not have yet, one per question. */
  pending(): QueueEntry[] {
    return [...this.entries.values()];
  }

  /** The values kept on this device that are newer than the server's, by question. */
  restore(): Record<string, Answer | null> {
    return Object.fromEntries([...this.entries.values()].map((e) => [e.questionGuid, e.value]));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  get status(): QueueStatus {
    return this.snapshot.status;
  }

  /** Sends whatever waits for a retry now. */
  retryNow(): void {
    if (this.stopped) return;
    this.clearTimer();
    this.flush();
    this.emit();
  }

  /** Resolves when nothing is pending. */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.isIdle()) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = this.subscribe(check);
      check();
    });
  }

  /** Resolves when nothing is pending, when a send has failed and waits for a retry, or when the queue stops. */
  whenSettled(): Promise<QueueSettled> {
    return new Promise((resolve) => {
      const check = () => {
        const outcome: QueueSettled | null = this.stopped
          ? "stopped"
          : this.isIdle()
            ? "idle"
            : this.timer !== null
              ? this.failureKind
              : null;
        if (outcome) {
          unsubscribe();
          resolve(outcome);
        }
      };
      const unsubscribe = this.subscribe(check);
      check();
    });
  }

  /** After handing in: forgets everything kept for this attempt and sends nothing more. */
  clear(): void {
    this.stopped = true;
    this.clearTimer();
    this.entries.clear();
    this.remove();
    this.emit();
  }

  // ---- Sending ----

  private readonly onOnline = () => this.retryNow();

  private isIdle(): boolean {
    return this.entries.size === 0 && this.inflight.size === 0;
  }

  private flush(): void {
    if (this.stopped || !this.started || this.timer !== null) return;
    for (const entry of this.entries.values()) {
      if (!this.inflight.has(entry.questionGuid)) void this.sendOne(entry);
    }
  }

  private async sendOne(entry: QueueEntry): Promise<void> {
    const q = entry.questionGuid;
    this.inflight.set(q, entry);
    this.emit();
    let failure: Failure | null = null;
    try {
      const saved = await this.send(entry);
      this.seqs[q] = Math.max(this.seqs[q] ?? 0, saved.seq, entry.seq);
    } catch (error) {
      failure = classifyFailure(error);
    }
    this.inflight.delete(q);
    if (this.stopped) return this.emit();
    const current = this.entries.get(q) === entry;
    if (!failure) {
      this.failures = 0;
      delete this.errors[q];
      if (current) this.entries.delete(q);
    } else if (failure.kind === "refused") {
      if (failure.key === ATTEMPT_SUBMITTED) return this.stop();
      if (current) {
        this.entries.delete(q);
        this.errors[q] = failure.key;
      }
    } else {
      // The same entry (same key) goes again later, unless a newer change replaced it.
      this.scheduleRetry(failure.kind);
    }
    this.persist();
    this.flush();
    this.emit();
  }

  private scheduleRetry(kind: "offline" | "retrying"): void {
    this.failureKind = kind;
    if (this.timer !== null || !this.started) return;
    const delay = Math.min(RETRY_BASE_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
      this.emit();
    }, delay);
  }

  private stop(): void {
    this.stopped = true;
    this.clearTimer();
    this.entries.clear();
    this.remove();
    this.emit();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // ---- State ----

  private computeSnapshot(): QueueSnapshot {
    const pendingCount = this.entries.size;
    const hasErrors = Object.keys(this.errors).length > 0;
    const status: QueueStatus = this.stopped
      ? "error"
      : this.timer !== null && pendingCount > 0
        ? this.failureKind
        : pendingCount > 0 || this.inflight.size > 0
          ? "saving"
          : hasErrors
            ? "error"
            : "saved";
    return { status, errors: { ...this.errors }, pendingCount, stopped: this.stopped };
  }

  private emit(): void {
    const next = this.computeSnapshot();
    const prev = this.snapshot;
    const same =
      prev.status === next.status &&
      prev.pendingCount === next.pendingCount &&
      prev.stopped === next.stopped &&
      JSON.stringify(prev.errors) === JSON.stringify(next.errors);
    if (!same) this.snapshot = next;
    // Listeners also hear about in-flight changes (whenIdle, whenSettled).
    for (const listener of [...this.listeners]) listener();
  }

  // ---- Storage ----

  private read(): Stored {
    try {
      const raw = this.storage.getItem(storageKeyOf(this.attemptGuid));
      if (!raw) return { entries: [], seqs: {} };
      const parsed = JSON.parse(raw) as Partial<Stored>;
      const entries = Array.isArray(parsed.entries) ? parsed.entries.filter(isEntry) : [];
      const seqs: Record<string, number> = {};
      if (parsed.seqs && typeof parsed.seqs === "object") {
        for (const [q, seq] of Object.entries(parsed.seqs)) if (typeof seq === "number") seqs[q] = seq;
      }
      return { entries, seqs };
    } catch {
      return { entries: [], seqs: {} };
    }
  }

  private persist(): void {
    if (this.stopped) return;
    try {
      if (this.entries.size === 0) this.remove();
      else this.storage.setItem(storageKeyOf(this.attemptGuid), JSON.stringify({ entries: [...this.entries.values()], seqs: this.seqs } satisfies Stored));
    } catch {
      // Storage full or unavailable: the queue still sends from memory.
    }
  }

  private remove(): void {
    try {
      this.storage.removeItem(storageKeyOf(this.attemptGuid));
    } catch {
      // nothing kept
    }
  }
}
