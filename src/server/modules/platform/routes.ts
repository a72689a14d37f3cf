import type { FastifyInstance } from "fastify";

export async function platformRoutes(_app: FastifyInstance): Promise<void> {}
