import type { Config } from "../config";

/**
 * Route config for every way in (sign-in, password, SSO, licence codes): attempts per minute per
 * client address, shared across instances when Redis is configured.
 */
export const signInRateLimit = (config: Pick<Config, "authRateLimitPerMinute">) => ({
  rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" },
});
