import type {
  CourseProgram,
  CourseResources,
  Gradebook,
  GradebookScope,
  ProgramPublication,
  ProgramView,
  ResourceGroupDetail,
} from "../../../contracts/course-program";
import type { AssessmentGrades } from "../assessments/gradebook";
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
 * The gradebook frame. Workbook scope: one column per assessment the class has. Program scope: one
 * column per unit of the chosen publication the class works with (hidden units have nothing to
 * grade), scored with the mean of the unit's assessments. A score is 0-10, null when nothing is
 * graded yet; `average` is over the graded columns. Rows and columns always line up.
 */
export function presentGradebook(input: {
  scope: GradebookScope;
  programs: PublicationRow[];
  program: ProgramPublicationNode | null;
  students: StudentRow[];
  grades: AssessmentGrades;
}): Gradebook {
  const { assessments, grade } = input.grades;
  const units = input.scope === "program" && input.program ? unitsIn(input.program, "student") : [];
  const columns =
    input.scope === "program"
      ? units.map((u) => ({ guid: u.id, title: u.title, kind: "unit" }))
      : assessments.map((a) => ({ guid: a.assessmentId, title: a.title, kind: "assessment" }));
  const scoreOf = (studentId: string, i: number): number | null => {
    if (input.scope !== "program") return grade(studentId, assessments[i]?.assessmentId ?? "");
    const lessonIds = new Set(lessonsIn(units[i] as ProgramUnitNode, "student").map((l) => l.id));
    return mean(assessments.filter((a) => lessonIds.has(a.lessonId)).map((a) => grade(studentId, a.assessmentId)));
  };
  return {
    scope: input.scope,
    programGuid: input.scope === "program" ? (input.program?.id ?? null) : null,
    programs: input.programs.map((p) => ({ guid: p.id, title: p.title })),
    columns,
    rows: input.students.map((s) => {
      const scores = columns.map((_c, i) => scoreOf(s.id, i));
      return { student: { guid: s.id, firstName: s.firstName, lastName: s.lastName }, scores, average: mean(scores) };
    }),
  };
}

/** The mean of the graded values, to one decimal; null when none is graded. */
function mean(values: readonly (number | null)[]): number | null {
  const graded = values.filter((v): v is number => v !== null);
  return graded.length === 0 ? null : Math.round((graded.reduce((a, b) => a + b, 0) / graded.length) * 10) / 10;
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
