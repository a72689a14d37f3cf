import type { FastifyInstance } from "fastify";
// Placeholder: replaced by the job runner.
export function startJobs(_app: FastifyInstance): void {}
