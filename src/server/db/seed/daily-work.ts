import { and, eq, inArray } from "drizzle-orm";
import { JOB_FILE_EXTENSIONS, JobGradeSchema, TaskCreateSchema } from "../../../contracts/tasks";
import { runTaskReminders } from "../../jobs/task-reminders";
import type { Background } from "../../platform/background";
import { EventBus } from "../../platform/events";
import type { Storage } from "../../platform/storage";
import { DEFAULT_TIME_ZONE, dateInZone, wallTimeToInstant } from "../../modules/calendar/expand";
import { loadEditableCourse, type Caller } from "../../modules/courses/access";
import { registerKanbanListeners } from "../../modules/kanban/listeners";
import { ensureLessonItems } from "../../modules/lessons/service";
import { registerNotificationProducers } from "../../modules/notifications/producers";
import { assignItem } from "../../modules/tasks/assign-service";
import { assertCanAddFile, deliverJob, gradeJob, storeJobFile } from "../../modules/tasks/jobs-service";
import { loadJobFor } from "../../modules/tasks/service";
import type { Db } from "../client";
import { extraClasses, holidays, jobFiles, jobs, lessonItems, taskAssignments } from "../schema";
import { DEMO_ASSESSMENTS } from "./assessments";
import { DEMO_CLASSES, DEMO_SCHOOL_YEAR } from "./classes";
import type { PublicationIds } from "./content";
import type { EditionIds } from "./editions";
import { idOf, seedId } from "./ids";
import { DEMO_LESSON_CONTENT } from "./lesson-content";
import { DEMO_PEOPLE, type PeopleIds } from "./people";

/*
 * Daily work for the demo (issue 14): a few tasks the teacher of the Aula classes assigned to the
 * two demo students, in every state (not started, handed in with a file, graded; one overdue),
 * school holidays of the 2026-2027 school year and an extra class. The tasks go through the
 * product's own services (assign, hand in, turn in, grade, the reminder job) with the product's own
 * listeners on a bus of the seed's, so the notifications, the kanban order and the reminder marks
 * are exactly what the product would have written; nothing here inserts a notification.
 *
 * Dates follow the day the demo is first seeded (kept inside the school year), so a fresh start
 * always shows tasks due in the coming days and one overdue. Holidays and the extra class have
 * stable ids (ON CONFLICT DO NOTHING, like the rest of the seed). A task is told once: one that
 * exists, even unassigned or graded since by someone trying the demo, is left alone, so later starts
 * move no date and undo nothing.
 */

/** The demo school's zone (schools and tenants of the demo editions leave it to the default). */
const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;

type HandIn = {
  /** Days before the seed day, and the school's wall-clock time. */
  daysAgo: number;
  time: string;
  /** A small text file handed in first (file tasks need one). */
  file?: { name: string; body: string };
};
type Grade = { daysAgo: number; time: string; score: number; feedback: string };
type StudentStory = { handIn?: HandIn; grade?: Grade };

type TaskSeed = {
  key: string;
  /** DEMO_CLASSES key. */
  course: string;
  /** What is assigned: a publisher's lesson content (DEMO_LESSON_CONTENT key) or a demo assessment (DEMO_ASSESSMENTS key). */
  item: { content: string } | { assessment: string };
  assignedBy: string;
  assigned: { daysAgo: number; time: string };
  /** Due at 23:59 this many days after the seed day (negative: already past). */
  dueInDays: number;
  instructions: string;
  /** The students it reaches (a "students" task: students joining later, e2e ones included, do not get it). */
  students: Record<string, StudentStory>;
};

const STUDENT1 = "student1@demo.test";
const STUDENT2 = "student2@demo.test";
const TEACHER = "teacher@demo.test";

const PROBLEM = [
  "Problema: En la excursión de 1º ESO van 3 autobuses con 54 alumnos cada uno y 12 profesores.",
  "Cada entrada al museo cuesta 4 € para los alumnos y 6 € para los profesores.",
  "¿Cuánto se paga en total?",
  "",
  "Expresión: 3 · 54 · 4 + 12 · 6",
  "Solución: 3 · 54 = 162; 162 · 4 = 648; 12 · 6 = 72; 648 + 72 = 720.",
  "Se pagan 720 € en total.",
  "",
].join("\n");

const TASKS: readonly TaskSeed[] = [
  {
    key: "operaciones-tarea",
    course: "matematicas-1-eso-a",
    item: { content: "operaciones-tarea" },
    assignedBy: TEACHER,
    assigned: { daysAgo: 5, time: "09:15" },
    dueInDays: 4,
    instructions:
      "Inventa un problema de la vida diaria que se resuelva con al menos tres operaciones distintas. Escribe el enunciado, la expresión y la solución paso a paso, y entrégalo en un archivo.",
    students: {
      [STUDENT1]: { handIn: { daysAgo: 1, time: "18:40", file: { name: "problema-operaciones-combinadas.txt", body: PROBLEM } } },
      [STUDENT2]: {},
    },
  },
  {
    key: "operaciones-ficha",
    course: "matematicas-1-eso-a",
    item: { content: "operaciones-ficha" },
    assignedBy: TEACHER,
    assigned: { daysAgo: 9, time: "09:10" },
    dueInDays: -2,
    instructions: "Haz los ejercicios 1 a 6 de la ficha en el cuaderno y márcala como entregada cuando termines.",
    students: {
      [STUDENT1]: {
        handIn: { daysAgo: 3, time: "17:30" },
        grade: { daysAgo: 1, time: "12:05", score: 8.5, feedback: "Muy bien las operaciones combinadas. Repasa la prioridad de las potencias en el ejercicio 5." },
      },
      // Not handed in by the due date: overdue, with the late notice.
      [STUDENT2]: {},
    },
  },
  {
    key: "potencias-pagina",
    course: "matematicas-1-eso-a",
    item: { content: "potencias-pagina" },
    assignedBy: TEACHER,
    assigned: { daysAgo: 1, time: "10:00" },
    dueInDays: 7,
    instructions: "Lee la página de las potencias de base 10 antes de la próxima clase.",
    students: { [STUDENT1]: {}, [STUDENT2]: {} },
  },
  {
    key: "lengua-comunicacion",
    course: "lengua-1-eso-a",
    item: { assessment: "lengua-comunicacion" },
    assignedBy: TEACHER,
    assigned: { daysAgo: 2, time: "11:30" },
    dueInDays: 9,
    instructions: "Haz la evaluación de la unidad cuando hayas repasado los elementos de la comunicación.",
    students: { [STUDENT1]: {}, [STUDENT2]: {} },
  },
];

/**
 * National holidays of the 2026-2027 school year that fall on school days, for the whole demo
 * school. (8 and 25 December are left out on purpose: the calendar's server tests use the demo
 * school for their own December holidays and count them.)
 */
const HOLIDAYS = [
  { name: "Año Nuevo", date: "2027-01-01" },
  { name: "Epifanía del Señor", date: "2027-01-06" },
  { name: "Viernes Santo", date: "2027-03-26" },
] as const;

const EXTRA_CLASS = { course: "matematicas-1-eso-a", title: "Repaso de operaciones combinadas", start: "16:30", end: "17:30" } as const;

/** What the seed holds, for tests and the README. */
export const DEMO_DAILY_WORK = {
  tasks: TASKS.map((t) => ({ key: t.key, course: t.course, dueInDays: t.dueInDays, students: Object.keys(t.students) })),
  holidays: HOLIDAYS,
  extraClass: EXTRA_CLASS,
  handInFile: PROBLEM,
};

const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The seed's days: the day it runs, kept two weeks inside the class's dates (a demo seeded in
 * summer still shows a sensible week of the school year). Things done "n days ago" never land after
 * the real now.
 */
export function demoDays(now: Date, course: { startDate: string; endDate: string }) {
  const today = dateInZone(now, ZONE);
  const first = addDays(course.startDate, 14);
  const last = addDays(course.endDate, -14);
  const base = today < first ? first : today > last ? last : today;
  const at = (days: number, time: string) => wallTimeToInstant(addDays(base, days), time, ZONE);
  return {
    base,
    at,
    ago: (days: number, time: string) => new Date(Math.min(at(-days, time).getTime(), now.getTime())),
    due: (days: number) => at(days, "23:59"),
  };
}

/**
 * The product's listeners run as background tasks; here they run one after another, in the seed's
 * transaction, and a failure fails the seed (the product would log it and carry on).
 */
class SeedBackground implements Background {
  private chain: Promise<void> = Promise.resolve();
  private readonly failures: string[] = [];

  run(label: string, task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((err: unknown) => {
      this.failures.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  async settled(): Promise<void> {
    for (let seen: Promise<void> | null = null; seen !== this.chain; ) {
      seen = this.chain;
      await seen;
    }
    if (this.failures.length > 0) throw new Error(`seed: daily work listeners failed: ${this.failures.join("; ")}`);
  }
}

type Deps = { editions: EditionIds; people: PeopleIds; publications: PublicationIds };

const callerOf = (people: PeopleIds, tenantId: string, email: string): Caller => {
  const person = DEMO_PEOPLE.find((p) => p.email === email);
  if (!person) throw new Error(`seed: person ${email} missing`);
  return { userId: idOf(people, email, "person"), tenantId, role: person.role };
};

/** Writes a file unless storage already holds it at that size (a re-seed writes nothing). */
async function ensureFile(storage: Storage, key: string, bytes: Uint8Array): Promise<void> {
  if ((await storage.size(key)) !== bytes.byteLength) await storage.put(key, bytes);
}

/**
 * The class's lesson item of the seeded content or assessment, after the lesson has been given its
 * items as opening it would (lessons/service, the same copy and claim).
 */
async function itemOf(db: Db, course: { id: string; tenantId: string }, publications: PublicationIds, item: TaskSeed["item"]): Promise<string | null> {
  const source =
    "content" in item ? DEMO_LESSON_CONTENT.find((c) => c.key === item.content) : DEMO_ASSESSMENTS.find((a) => a.key === item.assessment);
  if (!source) throw new Error(`seed: task item ${JSON.stringify(item)} missing`);
  // seedPublications' stable ids: the lesson at 1-based unit and lesson of the publication.
  const publicationId = idOf(publications, source.publication, "publication");
  const lessonId = seedId("lesson", seedId("unit", publicationId, String(source.unit)), String(source.lesson));
  await ensureLessonItems(db, course, lessonId);
  const [row] = await db
    .select({ id: lessonItems.id })
    .from(lessonItems)
    .where(and(eq(lessonItems.courseId, course.id), eq(lessonItems.lessonId, lessonId), eq(lessonItems.contentId, source.id)))
    .limit(1);
  // Someone trying the demo deleted it: nothing to assign.
  return row?.id ?? null;
}

export async function seedDailyWork(db: Db, storage: Storage, { editions, people, publications }: Deps, now: Date = new Date()): Promise<void> {
  const tenantId = idOf(editions.tenants, "aula", "edition");
  const schoolId = idOf(editions.schools, "aula", "school");
  const courseIdOf = (key: string) => seedId("course", tenantId, key);
  // The demo classes of this school year share its dates.
  const schoolYear = DEMO_CLASSES.find((c) => c.edition === "aula" && c.schoolYear === DEMO_SCHOOL_YEAR);
  if (!schoolYear) throw new Error("seed: demo class of the school year missing");
  const days = demoDays(now, schoolYear);

  await db
    .insert(holidays)
    .values(
      HOLIDAYS.map((h) => ({
        id: seedId("holiday", schoolId, h.date),
        tenantId,
        courseId: null,
        schoolId,
        name: h.name,
        startDate: h.date,
        endDate: h.date,
        createdBy: idOf(people, "admin@demo.test", "person"),
      })),
    )
    .onConflictDoNothing();

  // The first Wednesday at least two days ahead.
  let extraDay = 2;
  while (new Date(`${addDays(days.base, extraDay)}T00:00:00Z`).getUTCDay() !== 3) extraDay++;
  await db
    .insert(extraClasses)
    .values({
      id: seedId("extra-class", courseIdOf(EXTRA_CLASS.course), EXTRA_CLASS.title),
      tenantId,
      courseId: courseIdOf(EXTRA_CLASS.course),
      title: EXTRA_CLASS.title,
      startsAt: days.at(extraDay, EXTRA_CLASS.start),
      endsAt: days.at(extraDay, EXTRA_CLASS.end),
      createdBy: idOf(people, TEACHER, "person"),
    })
    .onConflictDoNothing();

  await seedTasks(db, storage, { tenantId, people, publications, courseIdOf, days, now });
  await restoreHandInFiles(db, storage, tenantId);
}

/** The tasks not seeded yet, each told through the product's services. Returns how many were created. */
async function seedTasks(
  db: Db,
  storage: Storage,
  ctx: { tenantId: string; people: PeopleIds; publications: PublicationIds; courseIdOf: (key: string) => string; days: ReturnType<typeof demoDays>; now: Date },
): Promise<number> {
  const { tenantId, people, publications, days, now } = ctx;
  const events = new EventBus();
  const background = new SeedBackground();
  registerNotificationProducers({ db, events, background });
  registerKanbanListeners({ db, events, background });

  let created = 0;
  for (const task of TASKS) {
    const teacher = callerOf(people, tenantId, task.assignedBy);
    const access = await loadEditableCourse(db, teacher, ctx.courseIdOf(task.course));
    const itemId = await itemOf(db, access.course, publications, task.item);
    if (!itemId) continue;
    const [existing] = await db.select({ id: taskAssignments.id }).from(taskAssignments).where(eq(taskAssignments.lessonItemId, itemId)).limit(1);
    if (existing) continue;

    const body = TaskCreateSchema.parse({
      lessonItemGuid: itemId,
      audience: "students",
      studentGuids: Object.keys(task.students).map((email) => idOf(people, email, "person")),
      dueAt: days.due(task.dueInDays).toISOString(),
      instructions: task.instructions,
    });
    const { task: assignment } = await assignItem(db, events, teacher, access.course, body, days.ago(task.assigned.daysAgo, task.assigned.time));
    await background.settled();
    created++;

    for (const [email, story] of Object.entries(task.students)) {
      const student = callerOf(people, tenantId, email);
      const [job] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.assignmentId, assignment.id), eq(jobs.studentId, student.userId)))
        .limit(1);
      if (!job) throw new Error(`seed: job of ${email} for ${task.key} missing`);
      if (story.handIn) {
        const at = days.ago(story.handIn.daysAgo, story.handIn.time);
        const mine = await loadJobFor(db, student, job.id);
        if (story.handIn.file) {
          await assertCanAddFile(db, mine);
          const data = Buffer.from(story.handIn.file.body, "utf8");
          await storeJobFile(db, storage, mine, { fileName: story.handIn.file.name, data }, JOB_FILE_EXTENSIONS, student.userId, at);
        }
        // The same context after the upload: deliverJob counts the files afresh.
        await deliverJob(db, events, mine, at);
        await background.settled();
      }
      if (story.grade) {
        const grade = JobGradeSchema.parse({ score: story.grade.score, feedback: story.grade.feedback });
        await gradeJob(db, events, await loadJobFor(db, teacher, job.id), grade, teacher.userId, days.ago(story.grade.daysAgo, story.grade.time));
        await background.settled();
      }
    }
  }

  // The worker's reminder run, now rather than at its first tick: the late notice of the overdue
  // job (and any one-day reminder) is there when the demo opens, and the worker finds it sent.
  if (created > 0) {
    await runTaskReminders(db, events, now);
    await background.settled();
  }
  return created;
}

/**
 * The seeded hand-in's file in this storage: a database seeded elsewhere (the test template, a
 * restored backup) keeps its rows but not the data folder's files.
 */
async function restoreHandInFiles(db: Db, storage: Storage, tenantId: string): Promise<void> {
  const files = TASKS.flatMap((t) => Object.values(t.students).flatMap((s) => (s.handIn?.file ? [s.handIn.file] : [])));
  if (files.length === 0) return;
  const rows = await db
    .select({ storageKey: jobFiles.storageKey, fileName: jobFiles.fileName, sizeBytes: jobFiles.sizeBytes })
    .from(jobFiles)
    .where(and(eq(jobFiles.tenantId, tenantId), inArray(jobFiles.fileName, files.map((f) => f.name))));
  for (const row of rows) {
    const file = files.find((f) => f.name === row.fileName);
    const bytes = file ? Buffer.from(file.body, "utf8") : null;
    // Only the seed's own file (a student may have handed in one of the same name since).
    if (bytes && bytes.byteLength === row.sizeBytes) await ensureFile(storage, row.storageKey, bytes);
  }
}
