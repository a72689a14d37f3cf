/** A tiny async lock: one token refresh at a time, the other calls wait for it. */
export class Mutex {
  private pending: Promise<void> | undefined;

  get locked(): boolean {
    return this.pending !== undefined;
  }

  async wait(): Promise<void> {
    while (this.pending) await this.pending;
  }

  lock(): () => void {
    let release: () => void = () => undefined;
    this.pending = new Promise<void>((resolve) => {
      release = () => {
        this.pending = undefined;
        resolve();
      };
    });
    return release;
  }
}
