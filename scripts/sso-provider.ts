/**
 * `npm run sso:provider -- <command>`: manage an edition's single sign-on providers in the
 * database the server would open with this environment (DATABASE_URL or DATA_DIR).
 *
 *   add --edition aula --kind oidc --brand google --label "Google" --config '{"issuer":"https://accounts.google.com","clientId":"...","clientSecret":"..."}'
 *   add --edition aula --kind saml --label "Mi centro" --config '{"entryPoint":"https://idp/sso","idpIssuer":"https://idp","idpCert":"-----BEGIN CERTIFICATE-----..."}'
 *   list --edition aula
 *   disable --edition aula --id <uuid>     enable --edition aula --id <uuid>
 *
 * With a PGlite database (no DATABASE_URL) run it while the server is stopped: PGlite is one process.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { seedDemo } from "../src/server/db/seed";
import { createStorage } from "../src/server/platform/storage";
import { addProvider, listProviders, setProviderEnabled } from "../src/server/modules/sso/admin";

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      edition: { type: "string" },
      kind: { type: "string" },
      brand: { type: "string", default: "generic" },
      label: { type: "string" },
      config: { type: "string" },
      id: { type: "string" },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") });
  try {
    // The editions must exist before a provider can name one.
    if (config.seedDemo) await seedDemo(database.db, createStorage(config.dataDir));
    const edition = values.edition ?? config.defaultEdition;
    if (command === "add") {
      if (!values.kind || !values.label || !values.config) throw new Error("add needs --kind, --label and --config");
      const row = await addProvider(database.db, {
        edition,
        kind: values.kind,
        brand: values.brand ?? "generic",
        label: values.label,
        config: JSON.parse(values.config) as Record<string, unknown>,
        id: values.id,
      });
      console.log(row.id);
    } else if (command === "list") {
      for (const p of await listProviders(database.db, edition)) {
        console.log(`${p.id}  ${p.kind.padEnd(4)}  ${p.brand.padEnd(9)}  ${p.enabled ? "enabled " : "disabled"}  ${p.label}`);
      }
    } else if (command === "enable" || command === "disable") {
      if (!values.id) throw new Error(`${command} needs --id`);
      if (!(await setProviderEnabled(database.db, edition, values.id, command === "enable"))) throw new Error("no such provider in that edition");
    } else {
      throw new Error("usage: sso:provider add|list|enable|disable --edition <slug> ...");
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
