import { AppError } from "../../src/server/platform/errors";
import { authPolicy, authorize } from "../../src/server/modules/auth/policy";

const actor = { userId: "u-1", tenantId: "t-1" };

describe("auth policy", () => {
  it.each(Object.keys(authPolicy) as Array<keyof typeof authPolicy>)("lets only the owner %s", (action) => {
    expect(authPolicy[action](actor, { id: "u-1", tenantId: "t-1" })).toBe(true);
    expect(authPolicy[action](actor, { id: "u-2", tenantId: "t-1" })).toBe(false);
    // Same id in another edition is not the same account.
    expect(authPolicy[action](actor, { id: "u-1", tenantId: "t-2" })).toBe(false);
  });

  it("throws 403 FORBIDDEN when the policy refuses", () => {
    expect(() => authorize("changePassword", actor, { id: "u-1", tenantId: "t-1" })).not.toThrow();
    try {
      authorize("changePassword", actor, { id: "u-2", tenantId: "t-1" });
      throw new Error("authorize did not refuse");
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 403, key: "FORBIDDEN" });
    }
  });
});
