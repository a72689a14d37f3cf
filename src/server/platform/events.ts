import { EventEmitter } from "node:events";

/** Domain events. Realtime pushes, notifications and gamification listen here, never to routes. */
export type DomainEvents = {
  "user.signedUp": { userId: string; tenantId: string };
  "user.signedIn": { userId: string; tenantId: string; method: "credentials" | "token" | "teams" };
  "user.signedOut": { userId: string; tenantId: string };
  "user.passwordChanged": { userId: string; tenantId: string };
  /** A class's lesson items changed: added, edited, reordered, deleted, or published by the job. */
  "lessonItems.changed": { tenantId: string; courseId: string; lessonId: string };
  /** A class's classroom resources (lms/resource-materials) changed. */
  "resourceMaterials.changed": { tenantId: string; courseId: string };
  /** A user opened or finished a content within a class (POST /api/consumptions). */
  "content.consumed": { tenantId: string; userId: string; courseId: string; contentId: string; event: "opened" | "finished" };
};

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
