import type { FastifyInstance } from "fastify";
// Placeholder: replaced by the socket.io server.
export async function attachRealtime(_app: FastifyInstance): Promise<void> {}
