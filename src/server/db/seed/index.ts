import type { Db } from "../client";

export async function seedDemo(_db: Db): Promise<void> {}
