import type { BootData } from "../../../contracts/boot";
import type { RouteMatch } from "../../../contracts/route-assets";
import type { AppContext } from "../../app";
import type { BootDataSource } from "../../platform/index-page";
import { resolveEdition } from "../../platform/edition";
import { listProviders } from "../sso/service";
import { presentEdition } from "./presenter";

/** The sign-in screens that show the edition's single sign-on buttons. */
const SSO_CHUNKS = new Set(["route-login", "route-signup"]);

/**
 * What the first HTML response inlines (ADR 0026): the edition a request without a session gets
 * (the document's `?edition=` stands in for the X-Edition header the client sends with API calls,
 * then the host, then the default), and its providers on the login and sign-up screens. A
 * signed-in reader of another edition gets their own from GET /api/edition (the client checks the
 * inlined edition against its session before using it).
 */
export function bootDataSource(ctx: Pick<AppContext, "db" | "config">): BootDataSource {
  return async (request, match: RouteMatch | undefined): Promise<BootData> => {
    const fromUrl = new URL(request.url, "http://index.invalid").searchParams.get("edition");
    const slug = fromUrl && /^[a-z0-9-]{1,64}$/.test(fromUrl) ? fromUrl : undefined;
    const tenant = await resolveEdition(ctx.db, request, ctx.config.defaultEdition, slug);
    const edition = presentEdition(tenant);
    const sso = match?.route.chunks.some((chunk) => SSO_CHUNKS.has(chunk)) ?? false;
    return sso ? { edition, ssoProviders: await listProviders(ctx.db, tenant.id, request.log) } : { edition };
  };
}
