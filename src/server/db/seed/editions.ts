import { and, inArray } from "drizzle-orm";
import type { Country, Language } from "../../../contracts/common";
import type { Db } from "../client";
import { schools, tenants } from "../schema";
import { idOf, seedId } from "./ids";

export type EditionSlug = "aula" | "lumen";

type EditionSeed = {
  slug: EditionSlug;
  name: string;
  logoUrl: string;
  colors: { primary: string; secondary: string };
  country: Country;
  defaultLanguage: Language;
  languages: Language[];
  gamified: boolean;
  chatbotAvailable: boolean;
  features: { libraryTab: boolean };
  hosts: string[];
};

/** Two brand editions: a gamified Spanish one (served on localhost) and a plain Brazilian one. */
export const DEMO_EDITIONS: readonly EditionSeed[] = [
  {
    slug: "aula",
    name: "Aula Digital",
    logoUrl: "/brand/aula.svg",
    colors: { primary: "#0F6CBD", secondary: "#115EA3" },
    country: "ES",
    defaultLanguage: "es",
    languages: ["es", "ca", "eu", "en", "pt"],
    gamified: true,
    chatbotAvailable: true,
    features: { libraryTab: true },
    hosts: ["localhost"],
  },
  {
    slug: "lumen",
    name: "Lumen Editorial",
    logoUrl: "/brand/lumen.svg",
    colors: { primary: "#8A3FFC", secondary: "#6929C4" },
    country: "BR",
    defaultLanguage: "pt",
    languages: ["pt", "es", "en"],
    gamified: false,
    chatbotAvailable: false,
    features: { libraryTab: false },
    hosts: [],
  },
];

type SchoolSeed = { edition: EditionSlug; name: string; lmsEntryPoint: string; canCreateCourse: boolean; canCreateGroup: boolean };

/** One school per edition; Lumen's may create classes but not groups. */
export const DEMO_SCHOOLS: readonly SchoolSeed[] = [
  { edition: "aula", name: "IES Miguel de Cervantes", lmsEntryPoint: "home", canCreateCourse: true, canCreateGroup: true },
  { edition: "lumen", name: "Colégio Horizonte", lmsEntryPoint: "home", canCreateCourse: true, canCreateGroup: false },
];

export type EditionIds = {
  tenants: Map<EditionSlug, string>;
  /** The demo school of each edition. */
  schools: Map<EditionSlug, string>;
};

export async function seedEditions(db: Db): Promise<EditionIds> {
  await db
    .insert(tenants)
    .values(DEMO_EDITIONS.map((e) => ({ id: seedId("tenant", e.slug), ...e })))
    .onConflictDoNothing();
  const slugs = DEMO_EDITIONS.map((e) => e.slug);
  // Read back by slug: an edition created earlier by other means keeps its own id.
  const savedTenants = await db.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(inArray(tenants.slug, slugs));
  const tenantIds = new Map(savedTenants.map((t) => [t.slug as EditionSlug, t.id]));
  const tenantOf = (slug: EditionSlug): string => idOf(tenantIds, slug, "edition");

  await db
    .insert(schools)
    .values(
      DEMO_SCHOOLS.map(({ edition, ...school }) => ({ id: seedId("school", edition, school.name), tenantId: tenantOf(edition), ...school })),
    )
    .onConflictDoNothing();
  const savedSchools = await db
    .select({ id: schools.id, tenantId: schools.tenantId, name: schools.name })
    .from(schools)
    .where(and(inArray(schools.tenantId, [...tenantIds.values()]), inArray(schools.name, DEMO_SCHOOLS.map((s) => s.name))));
  const schoolIds = new Map<EditionSlug, string>();
  for (const school of DEMO_SCHOOLS) {
    const row = savedSchools.find((s) => s.tenantId === tenantOf(school.edition) && s.name === school.name);
    if (!row) throw new Error(`seed: school ${school.name} missing`);
    schoolIds.set(school.edition, row.id);
  }
  return { tenants: tenantIds, schools: schoolIds };
}
