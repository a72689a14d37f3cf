// oidc-provider ships no types; only what the local test IdP touches is declared.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: () => Promise<Claims> };
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type GrantConstructor = new (init: { clientId: string; accountId: string }) => Grant;
  type KoaContext = {
    oidc: { session?: { accountId?: string }; client?: { clientId: string }; provider: { Grant: GrantConstructor } };
  };

  export type Configuration = {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
    loadExistingGrant?: (ctx: KoaContext) => Promise<Grant | undefined>;
    findAccount?: (ctx: KoaContext, id: string) => Promise<Account | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
