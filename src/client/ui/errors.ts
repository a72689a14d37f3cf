import type { TFunction } from "i18next";
import { errorKeyOf, errorParamsOf } from "../app/apiResult";

/**
 * The translated message for a failed call: the server's stable key in the errors namespace,
 * else the generic "An error has occurred". Never a raw server message (architecture rule).
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const key = errorKeyOf(error);
  return t(`errors:${key}`, { ...errorParamsOf(error), defaultValue: t("errors:INTERNAL_ERROR") });
}
