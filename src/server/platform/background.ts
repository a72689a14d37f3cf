import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts but does not wait for (mail, the lookups behind an answer that must not
 * depend on them). A task starts after the current I/O phase, so after the answer has been
 * written; its failure is logged, never thrown at a caller who has already been answered.
 */
export type Background = {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far (and any they start) has finished: shutdown and tests. */
  settled(): Promise<void>;
};

export class BackgroundTasks implements Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err }, `${label} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
