import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/**
 * Route config for every way in (sign-in, password, SSO, licence codes): attempts per minute per
 * client address, shared across instances when Redis is configured.
 */
export const signInRateLimit = (config: Pick<Config, "authRateLimitPerMinute">) => ({
  rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" },
});

/**
 * Route config for `max` requests per signed-in user per hour under `name` (checked after sign-in,
 * so the key is the user, not the address; in memory or Redis, where instances share it).
 */
export const perUserPerHour = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: "1 hour",
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.auth?.userId ?? request.ip}`,
  },
});
