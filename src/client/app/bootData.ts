import { BOOT_DATA_ELEMENT_ID, type BootData } from "../../contracts/boot";
import { setRegion } from "../i18n/region";
import { currentEditionSlug } from "./edition";
import { publicLoaded } from "./publicData";
import type { AppStore } from "./store";

/**
 * The edition and providers the server inlined into the HTML (contracts/boot.ts, ADR 0026), put in
 * store (publicData.ts) as if GET /api/edition and GET /api/auth/providers had answered, so no screen
 * waits on them. Used only when they are what those calls would return for this browser: the same
 * edition slug as the one it chose (`?edition=` kept in storage) and, with a session, the session's
 * own edition. Otherwise the calls are made as before.
 */
export function readBootData(doc: Document = document): BootData {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const data = JSON.parse(text) as unknown;
    return data && typeof data === "object" ? (data as BootData) : {};
  } catch {
    return {};
  }
}

/** Returns whether the inlined edition was taken. */
export function applyBootData(store: AppStore, data: BootData, slug: string | undefined = currentEditionSlug()): boolean {
  const { edition, ssoProviders } = data;
  if (!edition) return false;
  const tenant = store.getState().auth.record?.user.tenantGuid;
  if ((slug !== undefined && slug !== edition.slug) || (tenant !== undefined && tenant !== edition.guid)) return false;
  setRegion(edition.country);
  store.dispatch(publicLoaded({ key: "edition", value: edition, tenant }));
  if (ssoProviders && tenant === undefined) store.dispatch(publicLoaded({ key: "ssoProviders", value: ssoProviders }));
  return true;
}
