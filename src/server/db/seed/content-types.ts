import type { Country } from "../../../contracts/common";
import type { PublicationKind } from "../../../contracts/courses";
import type { DisciplineCode, EducationLevelCode } from "../../../contracts/reference";
import type { EditionSlug } from "./editions";

export type LessonSeed = { title: string; summary: string };
export type UnitSeed = { title: string; lessons: readonly LessonSeed[] };

/** A publication with its units and lessons; `key` is its natural key within the edition. */
export type PublicationSeed = {
  key: string;
  edition: EditionSlug;
  title: string;
  /** Shown on book cards and searched together with the title. */
  description: string;
  /** "open": every teacher may add it to a class; "licensed": only through a licence code. */
  access: "open" | "licensed";
  kind: PublicationKind;
  discipline: DisciplineCode;
  year: { country: Country; level: EducationLevelCode; order: number };
  units: readonly UnitSeed[];
};
