import type { FastifyInstance } from "fastify";
// Placeholder: replaced by the isolated /content-files/ route.
export async function registerContentFiles(_app: FastifyInstance): Promise<void> {}
