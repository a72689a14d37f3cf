import { z } from "zod";
import { ErrorBodySchema } from "../../../contracts/common";

/** OpenAPI pieces shared by the class routes. */
export const tags = ["courses"];
export const security = [{ bearer: [] }];
export const errors = (...codes: Array<400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502 | 503 | 504>) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));
export const noContent = { 204: z.null().describe("No content") };
