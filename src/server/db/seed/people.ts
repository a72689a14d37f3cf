import { hash } from "@node-rs/argon2";
import { and, inArray } from "drizzle-orm";
import type { Language, Role } from "../../../contracts/common";
import type { Db } from "../client";
import { users } from "../schema";
import type { EditionIds, EditionSlug } from "./editions";
import { idOf, seedId } from "./ids";

/** Every demo person signs in with this password (README and e2e tests use it). */
export const DEMO_PASSWORD = "demo1234";

export type DemoPerson = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  edition: EditionSlug;
  /** False for staff who work for the publisher rather than a school (editorial). */
  inSchool: boolean;
  locale: Language;
  chatbotEnabled: boolean;
  dateOfBirth: string;
};

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { email: "teacher@demo.test", firstName: "Lucía", lastName: "Martín", role: "teacher", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: true, dateOfBirth: "1984-03-12" },
  { email: "coteacher@demo.test", firstName: "Jorge", lastName: "Ruiz", role: "coteacher", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: false, dateOfBirth: "1979-11-05" },
  { email: "newteacher@demo.test", firstName: "Andrés", lastName: "Navarro", role: "teacher", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: false, dateOfBirth: "1991-07-23" },
  { email: "student1@demo.test", firstName: "Marta", lastName: "López", role: "student", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: true, dateOfBirth: "2013-02-14" },
  { email: "student2@demo.test", firstName: "Pablo", lastName: "Sánchez", role: "student", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: false, dateOfBirth: "2013-09-30" },
  { email: "admin@demo.test", firstName: "Carmen", lastName: "Díaz", role: "school_admin", edition: "aula", inSchool: true, locale: "es", chatbotEnabled: false, dateOfBirth: "1972-06-21" },
  { email: "editor@demo.test", firstName: "Elena", lastName: "Torres", role: "editorial", edition: "aula", inSchool: false, locale: "es", chatbotEnabled: false, dateOfBirth: "1988-01-17" },
  { email: "teacher@lumen.test", firstName: "Beatriz", lastName: "Almeida", role: "teacher", edition: "lumen", inSchool: true, locale: "pt", chatbotEnabled: false, dateOfBirth: "1986-04-08" },
  { email: "student@lumen.test", firstName: "Rafael", lastName: "Costa", role: "student", edition: "lumen", inSchool: true, locale: "pt", chatbotEnabled: false, dateOfBirth: "2015-05-19" },
  { email: "admin@lumen.test", firstName: "Sérgio", lastName: "Mendes", role: "school_admin", edition: "lumen", inSchool: true, locale: "pt", chatbotEnabled: false, dateOfBirth: "1975-10-02" },
];

/** Demo people by e-mail (unique across the demo editions) to user id. */
export type PeopleIds = Map<string, string>;

export async function seedPeople(db: Db, editions: EditionIds): Promise<PeopleIds> {
  const tenantIds = [...editions.tenants.values()];
  const emails = DEMO_PEOPLE.map((p) => p.email);
  const findExisting = () =>
    db
      .select({ id: users.id, email: users.email, tenantId: users.tenantId })
      .from(users)
      .where(and(inArray(users.tenantId, tenantIds), inArray(users.email, emails)));

  let saved = await findExisting();
  const isSaved = (p: DemoPerson) => saved.some((u) => u.email === p.email && u.tenantId === idOf(editions.tenants, p.edition, "edition"));
  const missing = DEMO_PEOPLE.filter((p) => !isSaved(p));
  if (missing.length > 0) {
    // argon2id is deliberately slow: hash once for everyone, and not at all when nobody is missing.
    const passwordHash = await hash(DEMO_PASSWORD);
    await db
      .insert(users)
      .values(
        missing.map(({ edition, inSchool, ...person }) => ({
          id: seedId("user", edition, person.email),
          tenantId: idOf(editions.tenants, edition, "edition"),
          schoolId: inSchool ? idOf(editions.schools, edition, "school") : null,
          passwordHash,
          ...person,
        })),
      )
      .onConflictDoNothing();
    saved = await findExisting();
  }
  return new Map(
    DEMO_PEOPLE.map((p) => {
      const row = saved.find((u) => u.email === p.email && u.tenantId === idOf(editions.tenants, p.edition, "edition"));
      if (!row) throw new Error(`seed: person ${p.email} missing`);
      return [p.email, row.id];
    }),
  );
}
