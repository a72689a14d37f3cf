import type {
  CourseProgram,
  CourseResources,
  Gradebook,
  GradebookScope,
  ProgramPublication,
  ProgramView,
  ResourceGroupDetail,
} from "../../../contracts/course-program";
import type { ProgramPublicationNode, ProgramTree, ProgramUnitNode, PublicationRow, StudentRow } from "./service";

/** The units of a publication as `view` shows them: the student view leaves hidden ones out. */
const unitsIn = (pub: ProgramPublicationNode, view: ProgramView): ProgramUnitNode[] =>
  view === "student" ? pub.units.filter((u) => !u.hidden) : pub.units;

const lessonsIn = (unit: ProgramUnitNode, view: ProgramView) => (view === "student" ? unit.lessons.filter((l) => !l.hidden) : unit.lessons);

function presentPublication(pub: ProgramPublicationNode, view: ProgramView): ProgramPublication {
  return {
    guid: pub.id,
    title: pub.title,
    kind: pub.kind,
    coverUrl: pub.coverUrl,
    personalised: pub.personalised,
    units: unitsIn(pub, view).map((unit, i) => ({
      guid: unit.id,
      title: unit.title,
      order: i + 1,
      hidden: unit.hidden,
      lessons: lessonsIn(unit, view).map((lesson, j) => ({
        guid: lesson.id,
        title: lesson.title,
        summary: lesson.summary,
        order: j + 1,
        hidden: lesson.hidden,
      })),
    })),
  };
}

export function presentProgram(courseId: string, tree: ProgramTree, view: ProgramView): CourseProgram {
  return {
    courseGuid: courseId,
    view,
    personalised: tree.some((p) => p.personalised),
    publications: tree.map((p) => presentPublication(p, view)),
  };
}

/**
 * The gradebook frame. Program scope: one column per unit of the chosen publication the class
 * works with (hidden units have nothing to grade). Nothing is graded yet, so every score is null,
 * one per column so rows and columns always line up.
 */
export function presentGradebook(input: {
  scope: GradebookScope;
  programs: PublicationRow[];
  program: ProgramPublicationNode | null;
  students: StudentRow[];
}): Gradebook {
  const columns = input.scope === "program" && input.program ? unitsIn(input.program, "student").map((u) => ({ guid: u.id, title: u.title, kind: "unit" })) : [];
  return {
    scope: input.scope,
    programGuid: input.scope === "program" ? (input.program?.id ?? null) : null,
    programs: input.programs.map((p) => ({ guid: p.id, title: p.title })),
    columns,
    rows: input.students.map((s) => ({
      student: { guid: s.id, firstName: s.firstName, lastName: s.lastName },
      scores: columns.map(() => null),
      average: null,
    })),
  };
}

/** One section per publication; its groups are the units as the caller's view shows them. */
export function presentResources(tree: ProgramTree, view: ProgramView): CourseResources {
  return {
    sections: tree.map((pub) => ({
      guid: pub.id,
      title: pub.title,
      coverUrl: pub.coverUrl,
      groups: unitsIn(pub, view).map((u) => ({ guid: u.id, title: u.title, itemCount: lessonsIn(u, view).length })),
    })),
  };
}

export function presentResourceGroup(pub: ProgramPublicationNode, unit: ProgramUnitNode, view: ProgramView): ResourceGroupDetail {
  return {
    section: { guid: pub.id, title: pub.title },
    group: { guid: unit.id, title: unit.title },
    items: lessonsIn(unit, view).map((l) => ({ guid: l.id, title: l.title, summary: l.summary, kind: "lesson" as const })),
  };
}
