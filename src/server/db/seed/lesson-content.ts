import type { Storage } from "../../platform/storage";
import type { Db } from "../client";

/** Demo lesson contents of every type with real files (built by lesson-content helpers). Placeholder until the seed lands. */
export async function seedLessonContent(_db: Db, _storage: Storage, _ctx: unknown): Promise<void> {}
