import { sql, type SQL } from "drizzle-orm";
import { licences, personalLicences } from "../../db/schema";
import type { AccessClaims } from "../../platform/tokens";

type Caller = Pick<AccessClaims, "userId" | "tenantId">;

/**
 * Whether one of the caller's active (not expired) personal licences opens the publication
 * `publicationId` (a value or a column of the outer query); licence and personal licence must both
 * be of the caller's edition. The one definition of "holds a licence": adding a publication to a
 * class (courses/publications-service) and using its contents (contents/access) both ask it.
 */
export const licensedTo = (caller: Caller, publicationId: SQL | string): SQL<boolean> => sql<boolean>`exists (
  select 1 from ${personalLicences} as pl join ${licences} as l on l.id = pl.licence_id
  where pl.user_id = ${caller.userId} and pl.tenant_id = ${caller.tenantId} and l.tenant_id = ${caller.tenantId}
    and pl.expires_at > now() and ${publicationId} = any(l.publication_ids))`;
