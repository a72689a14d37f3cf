import type { Db } from "../../db/client";
import type { Background } from "../../platform/background";
import type { EventBus } from "../../platform/events";
import { tidyColumnOfJob } from "./service";

/**
 * The tasks module stores a new job at the top of "what to do" (position 0, beside whatever is
 * there) and leaves a gap when it unassigns one; the student's column is renumbered after either,
 * so its positions stay 0..n-1 without the tasks module knowing the board's rules (ADR 0032).
 */
export function registerKanbanListeners({ db, events, background }: { db: Db; events: EventBus; background: Background }): void {
  events.listen(background, "job.assigned", "kanban", (e) => tidyColumnOfJob(db, e.tenantId, e.jobId));
  events.listen(background, "job.unassigned", "kanban", (e) => tidyColumnOfJob(db, e.tenantId, e.jobId));
}
