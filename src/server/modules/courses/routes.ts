import type { FastifyInstance } from "fastify";

export async function coursesRoutes(_app: FastifyInstance): Promise<void> {}
