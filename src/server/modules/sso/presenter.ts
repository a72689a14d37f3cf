import { SsoBrandSchema, type SsoProvider } from "../../../contracts/sso";
import type { Provider } from "./config";

/** What the login page sees of a provider: never its config or secrets. */
export function presentProvider(provider: Provider): SsoProvider {
  const { row } = provider;
  return {
    id: row.id,
    kind: provider.kind,
    brand: SsoBrandSchema.catch("generic").parse(row.brand),
    label: row.label,
    startUrl: `/api/auth/${provider.kind}/${row.id}/start`,
  };
}
