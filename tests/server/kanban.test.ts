process.env.LOG_LEVEL = "silent";
import { and, eq, isNull } from "drizzle-orm";
import {
  KANBAN_COLUMNS,
  KANBAN_LIMITS,
  KanbanBoardSchema,
  KanbanCardDetailSchema,
  KanbanStudentBoardSchema,
  KanbanTeacherBoardSchema,
  type KanbanBoard,
  type KanbanColumn,
} from "../../src/contracts/kanban";
import { courseMembers, coursePublications, jobs, kanbanCards, lessonItems, lessons, publications, taskAssignments, tenants, units } from "../../src/server/db/schema";
import { bearer, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { buildContent, buildCourse, buildUser } from "../support/factories";

let t: TestApp;
let w: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld();
}, 120_000);
afterAll(() => t.close());

type Person = { id: string; tenantId: string; role: string };
type Res = { statusCode: number; json: <T>() => T };
const db = () => t.app.ctx.db;
const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};
const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: await bearer(t.app, who), ...(payload ? { payload } : {}) });
const keyOf = (res: Res) => res.json<{ error: { key: string } }>().error.key;
const dataOf = (res: Res) => res.json<{ data: unknown }>().data;
const HOUR = 3_600_000;

/**
 * Two classes of Aula on one publication (lessons L1, L2) with a teacher, a co-teacher and three
 * students; student A is also in a second class. Items: two in L1 and one in L2 of the class, one
 * in L1 of the second class. Plus someone of another edition.
 */
async function buildWorld() {
  const aula = first(await db().select().from(tenants).where(eq(tenants.slug, "aula"))).id;
  const lumen = first(await db().select().from(tenants).where(eq(tenants.slug, "lumen"))).id;
  const [teacher, coteacher, a, b, c, outsider] = await Promise.all([
    buildUser(db(), aula, { role: "teacher", firstName: "Tere", lastName: "Profe" }),
    buildUser(db(), aula, { role: "coteacher", firstName: "Coro", lastName: "Apoyo" }),
    buildUser(db(), aula, { role: "student", firstName: "Ana", lastName: "Alba" }),
    buildUser(db(), aula, { role: "student", firstName: "Bruno", lastName: "Bravo" }),
    buildUser(db(), aula, { role: "student", firstName: "Carla", lastName: "Cruz" }),
    buildUser(db(), aula, { role: "teacher", firstName: "Otro", lastName: "Profe" }),
  ]);
  const lumenTeacher = await demoUser(t.app, "teacher@lumen.test");
  const lumenStudent = await buildUser(db(), lumen, { role: "student" });

  const pub = first(await db().insert(publications).values({ tenantId: aula, title: "Book", kind: "program" }).returning());
  const unit = first(await db().insert(units).values({ publicationId: pub.id, title: "U1", order: 1 }).returning());
  const L1 = first(await db().insert(lessons).values({ unitId: unit.id, title: "Fractions", order: 1 }).returning());
  const L2 = first(await db().insert(lessons).values({ unitId: unit.id, title: "Decimals", order: 2 }).returning());
  const course = await buildCourse(db(), aula, {
    name: "Maths 1A",
    members: [
      { userId: teacher.id, role: "teacher" },
      { userId: coteacher.id, role: "coteacher" },
      { userId: a.id, role: "student" },
      { userId: b.id, role: "student" },
      { userId: c.id, role: "student" },
    ],
  });
  const course2 = await buildCourse(db(), aula, { name: "Science 1A", members: [{ userId: outsider.id, role: "teacher" }, { userId: a.id, role: "student" }] });
  await db().insert(coursePublications).values([
    { courseId: course.id, publicationId: pub.id },
    { courseId: course2.id, publicationId: pub.id },
  ]);
  const homework = await buildContent(db(), aula, "Homework", { type: "CTTY_09", url: null });
  const link = await buildContent(db(), aula, "Reading");
  const item = async (courseId: string, lessonId: string, contentId: string, position: number, title: string | null = null) =>
    first(await db().insert(lessonItems).values({ tenantId: aula, courseId, lessonId, contentId, position, title }).returning());
  const items = {
    homework: await item(course.id, L1.id, homework.id, 1, "Exercises p. 12"),
    reading: await item(course.id, L1.id, link.id, 2),
    decimals: await item(course.id, L2.id, link.id, 1, "Decimals reading"),
    science: await item(course2.id, L1.id, link.id, 1, "Science reading"),
  };
  return { aula, lumen, teacher, coteacher, a, b, c, outsider, lumenTeacher, lumenStudent, course, course2, L1, L2, items };
}

type Item = { id: string; courseId: string; lessonId: string };
const jobEvent = (job: { id: string; courseId: string; studentId: string }) => ({ tenantId: w.aula, courseId: job.courseId, jobId: job.id, studentId: job.studentId });
/** Assigns `item` to `students` as the tasks module would store it: one assignment, one job each (new jobs start in what_to_do at 0). */
async function assign(item: Item, students: Person[], opts: { dueAt?: Date | null } = {}) {
  const assignment = first(
    await db()
      .insert(taskAssignments)
      .values({ tenantId: w.aula, courseId: item.courseId, lessonItemId: item.id, audience: "students", dueAt: opts.dueAt ?? null, assignedBy: w.teacher.id })
      .returning(),
  );
  const rows = await db()
    .insert(jobs)
    .values(students.map((s) => ({ tenantId: w.aula, assignmentId: assignment.id, courseId: item.courseId, lessonItemId: item.id, studentId: s.id })))
    .returning();
  for (const r of rows) t.app.ctx.events.emit("job.assigned", { ...jobEvent(r), actorId: w.teacher.id, reassigned: false, at: r.createdAt.toISOString() });
  await t.app.ctx.background.settled();
  const jobOf = (s: Person) => first(rows.filter((r) => r.studentId === s.id)).id;
  return { assignment, jobOf };
}

/** Removes every assignment and card this file made between tests (lesson items are assigned once each). */
afterEach(async () => {
  await db().delete(taskAssignments).where(eq(taskAssignments.tenantId, w.aula));
  await db().delete(kanbanCards).where(eq(kanbanCards.tenantId, w.aula));
});

const lessonQuery = (lesson = w.L1.id, course = w.course.id) => `courseGuid=${course}&lessonGuid=${lesson}`;
const boardOf = async (who: Person, query = lessonQuery()): Promise<KanbanBoard> => {
  const res = await call("GET", `/api/front/kanban${query ? `?${query}` : ""}`, who);
  expect(res.statusCode).toBe(200);
  return KanbanBoardSchema.parse(dataOf(res));
};
/** Each column as `kind:guid` keys, top to bottom. */
const keysOf = (board: KanbanBoard): Record<KanbanColumn, string[]> =>
  Object.fromEntries(board.columns.map((c) => [c.column, c.cards.map((card) => `${card.kind}:${card.guid}`)])) as Record<KanbanColumn, string[]>;
const addCard = async (who: Person, text: string, column: KanbanColumn, board: { courseGuid?: string; lessonGuid?: string } = { courseGuid: w.course.id, lessonGuid: w.L1.id }) => {
  const res = await call("POST", "/api/front/kanban/cards", who, { text, column, ...board });
  expect(res.statusCode).toBe(201);
  return KanbanCardDetailSchema.parse(dataOf(res));
};
type Move = { kind: "job" | "card"; guid: string; column: KanbanColumn; index: number; courseGuid?: string; lessonGuid?: string };
const move = (who: Person, body: Move) => call("PUT", "/api/front/kanban/move", who, body);
const lessonBoard = () => ({ courseGuid: w.course.id, lessonGuid: w.L1.id });

/** Every live job and personal card of `userId`, per column, must sit at positions 0..n-1. */
async function expectPermutations(userId: string) {
  const jobRows = await db()
    .select({ column: jobs.kanbanColumn, position: jobs.kanbanPosition })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .where(and(eq(jobs.studentId, userId), isNull(jobs.removedAt), isNull(taskAssignments.removedAt)));
  const cardRows = await db().select({ column: kanbanCards.column, position: kanbanCards.position }).from(kanbanCards).where(eq(kanbanCards.userId, userId));
  for (const column of KANBAN_COLUMNS) {
    const positions = [...jobRows, ...cardRows]
      .filter((r) => r.column === column)
      .map((r) => r.position)
      .sort((x, y) => x - y);
    expect({ column, positions }).toEqual({ column, positions: positions.map((_, i) => i) });
  }
}

describe("GET /api/front/kanban", () => {
  it("shows the lesson's tasks of that class and that board's cards; without a lesson, all the student's tasks and their own board's cards", async () => {
    const due = new Date(Date.now() - HOUR);
    const homework = await assign(w.items.homework, [w.a, w.b], { dueAt: due });
    const reading = await assign(w.items.reading, [w.a]);
    const decimals = await assign(w.items.decimals, [w.a]);
    const science = await assign(w.items.science, [w.a]);
    await db().update(jobs).set({ status: "pending", late: true }).where(eq(jobs.id, homework.jobOf(w.b)));
    const note = await addCard(w.a, "Ask about p. 12", "to_do");
    const general = await addCard(w.a, "Buy a calculator", "what_to_do", {});

    const board = await boardOf(w.a);
    expect(board).toMatchObject({ courseGuid: w.course.id, lessonGuid: w.L1.id, readOnly: false });
    expect(board.columns.map((c) => c.column)).toEqual(["what_to_do", "to_do", "doing", "done"]);
    const keys = keysOf(board);
    // Both tasks arrived at 0: the newer first.
    expect(keys.what_to_do).toEqual([`job:${reading.jobOf(w.a)}`, `job:${homework.jobOf(w.a)}`]);
    expect(keys.to_do).toEqual([`card:${note.guid}`]);
    expect(keys.doing).toEqual([]);
    expect(keys.done).toEqual([]);
    const task = board.columns[0]?.cards[1];
    expect(task).toEqual({
      kind: "job",
      guid: homework.jobOf(w.a),
      itemGuid: w.items.homework.id,
      title: "Exercises p. 12",
      contentType: "CTTY_09",
      course: { guid: w.course.id, name: "Maths 1A" },
      lesson: { guid: w.L1.id, title: "Fractions" },
      dueAt: due.toISOString(),
      state: "not_started",
      late: false,
      overdue: true,
    });
    expect(board.columns[0]?.cards[0]).toMatchObject({ title: "Reading", contentType: "CTTY_06", dueAt: null, overdue: false });
    expect((await boardOf(w.b)).columns[0]?.cards).toEqual([expect.objectContaining({ state: "pending", late: true, overdue: false })]);

    const all = keysOf(await boardOf(w.a, ""));
    expect(new Set(all.what_to_do)).toEqual(
      new Set([reading.jobOf(w.a), homework.jobOf(w.a), decimals.jobOf(w.a), science.jobOf(w.a)].map((g) => `job:${g}`).concat(`card:${general.guid}`)),
    );
    expect(all.to_do).toEqual([]);
    expect(keysOf(await boardOf(w.a, lessonQuery(w.L1.id, w.course2.id))).what_to_do).toEqual([`job:${science.jobOf(w.a)}`]);
  });

  it("leaves out removed jobs and removed assignments, and tasks of classes the student has left", async () => {
    const homework = await assign(w.items.homework, [w.a, w.b]);
    const reading = await assign(w.items.reading, [w.a]);
    await db().update(jobs).set({ removedAt: new Date() }).where(eq(jobs.id, homework.jobOf(w.a)));
    expect(keysOf(await boardOf(w.a)).what_to_do).toEqual([`job:${reading.jobOf(w.a)}`]);
    await db().update(taskAssignments).set({ removedAt: new Date() }).where(eq(taskAssignments.id, reading.assignment.id));
    expect(keysOf(await boardOf(w.a)).what_to_do).toEqual([]);
    expect(keysOf(await boardOf(w.a, "")).what_to_do).toEqual([]);
    expect(keysOf(await boardOf(w.b)).what_to_do).toEqual([`job:${homework.jobOf(w.b)}`]);
  });

  it("renumbers the student's column when a task arrives (at the top of what to do) or is unassigned, idempotently", async () => {
    const older = await addCard(w.a, "Older", "what_to_do");
    const newer = await addCard(w.a, "Newer", "what_to_do");
    const homework = await assign(w.items.homework, [w.a]);
    const job = first(await db().select().from(jobs).where(eq(jobs.id, homework.jobOf(w.a))));
    expect(keysOf(await boardOf(w.a)).what_to_do).toEqual([`job:${job.id}`, `card:${older.guid}`, `card:${newer.guid}`]);
    await expectPermutations(w.a.id);
    // The same event again (a replay) changes nothing.
    t.app.ctx.events.emit("job.assigned", { ...jobEvent(job), actorId: null, reassigned: false, at: job.createdAt.toISOString() });
    await t.app.ctx.background.settled();
    expect(keysOf(await boardOf(w.a)).what_to_do).toEqual([`job:${job.id}`, `card:${older.guid}`, `card:${newer.guid}`]);
    await db().update(jobs).set({ removedAt: new Date() }).where(eq(jobs.id, job.id));
    t.app.ctx.events.emit("job.unassigned", jobEvent(job));
    await t.app.ctx.background.settled();
    expect(keysOf(await boardOf(w.a)).what_to_do).toEqual([`card:${older.guid}`, `card:${newer.guid}`]);
    await expectPermutations(w.a.id);
  });

  it("opens a lesson's board only for a member of the class, a lesson of the class, and both guids together", async () => {
    for (const who of [w.outsider, w.lumenTeacher, w.lumenStudent]) {
      const res = await call("GET", `/api/front/kanban?${lessonQuery()}`, who);
      expect(res.statusCode).toBe(404);
    }
    const foreignLesson = await call("GET", `/api/front/kanban?${lessonQuery(w.course.id)}`, w.a);
    expect(foreignLesson.statusCode).toBe(404);
    expect(keyOf(foreignLesson)).toBe("LESSON_NOT_IN_COURSE");
    const half = await call("GET", `/api/front/kanban?courseGuid=${w.course.id}`, w.a);
    expect(half.statusCode).toBe(400);
    expect(keyOf(half)).toBe("VALIDATION_ERROR");
    // A teacher's board of all tasks holds their own cards only.
    expect(keysOf(await boardOf(w.teacher, ""))).toEqual({ what_to_do: [], to_do: [], doing: [], done: [] });
  });
});

describe("personal cards: POST, PUT and DELETE /api/front/kanban/cards", () => {
  it("adds a card at the end of its column, edits its text and deletes it; only its owner may", async () => {
    const homework = await assign(w.items.homework, [w.a]);
    await move(w.a, { kind: "job", guid: homework.jobOf(w.a), column: "doing", index: 0, ...lessonBoard() });
    const one = await addCard(w.a, "  Draft the answer  ", "doing");
    expect(one).toEqual({ kind: "card", guid: one.guid, text: "Draft the answer", column: "doing", index: 1, courseGuid: w.course.id, lessonGuid: w.L1.id });
    const two = await addCard(w.a, "Check it", "doing");
    expect(two.index).toBe(2);
    expect(keysOf(await boardOf(w.a)).doing).toEqual([`job:${homework.jobOf(w.a)}`, `card:${one.guid}`, `card:${two.guid}`]);

    const edited = await call("PUT", `/api/front/kanban/cards/${one.guid}`, w.a, { text: "Draft both answers" });
    expect(edited.statusCode).toBe(200);
    expect(KanbanCardDetailSchema.parse(dataOf(edited))).toMatchObject({ text: "Draft both answers", column: "doing", index: 1 });

    for (const who of [w.b, w.teacher, w.lumenStudent]) {
      expect((await call("PUT", `/api/front/kanban/cards/${one.guid}`, who, { text: "Mine now" })).statusCode).toBe(404);
      expect((await call("DELETE", `/api/front/kanban/cards/${one.guid}`, who)).statusCode).toBe(404);
    }
    expect((await call("DELETE", `/api/front/kanban/cards/${one.guid}`, w.a)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/front/kanban/cards/${one.guid}`, w.a)).statusCode).toBe(404);
    const doing = (await boardOf(w.a)).columns[2]?.cards ?? [];
    expect(doing.map((c) => c.guid)).toEqual([homework.jobOf(w.a), two.guid]);
    expect(doing[1]).toEqual({ kind: "card", guid: two.guid, text: "Check it" });
    await expectPermutations(w.a.id);
  });

  it("refuses empty, too long or misplaced cards with a key", async () => {
    const cases: Array<[object, string]> = [
      [{ text: "   ", column: "to_do" }, "VALIDATION_ERROR"],
      [{ text: "x".repeat(KANBAN_LIMITS.cardTextMaxChars + 1), column: "to_do" }, "VALIDATION_ERROR"],
      [{ text: "Hi", column: "backlog" }, "VALIDATION_ERROR"],
      [{ text: "Hi", column: "to_do", courseGuid: w.course.id }, "VALIDATION_ERROR"],
    ];
    for (const [body, key] of cases) {
      const res = await call("POST", "/api/front/kanban/cards", w.a, body);
      expect({ body, status: res.statusCode, key: keyOf(res) }).toEqual({ body, status: 400, key });
    }
    const notMine = await call("POST", "/api/front/kanban/cards", w.b, { text: "Hi", column: "to_do", courseGuid: w.course2.id, lessonGuid: w.L1.id });
    expect(notMine.statusCode).toBe(404);
    const emptied = await call("PUT", `/api/front/kanban/cards/${(await addCard(w.a, "Ok", "to_do")).guid}`, w.a, { text: "" });
    expect(emptied.statusCode).toBe(400);
  });

  it("holds a bounded number of personal cards per board (409 KANBAN_BOARD_FULL)", async () => {
    await db()
      .insert(kanbanCards)
      .values(Array.from({ length: KANBAN_LIMITS.cardsPerBoard - 1 }, (_, i) => ({ tenantId: w.aula, userId: w.c.id, text: `n${i}`, column: "done", position: i })));
    await addCard(w.c, "The last one", "done", {});
    const full = await call("POST", "/api/front/kanban/cards", w.c, { text: "One more", column: "done" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: { key: "KANBAN_BOARD_FULL", details: { max: KANBAN_LIMITS.cardsPerBoard } } });
    // Another board of the same user is not full.
    await addCard(w.c, "On the lesson", "done");
  });
});

describe("PUT /api/front/kanban/move", () => {
  /** A small deterministic generator, so a failing sequence can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };

  it("moves within and across columns; the order and columns persist, on the lesson's board and the board of all tasks", async () => {
    const homework = await assign(w.items.homework, [w.a]);
    const reading = await assign(w.items.reading, [w.a]);
    const decimals = await assign(w.items.decimals, [w.a]);
    const [hw, rd, dc] = [homework.jobOf(w.a), reading.jobOf(w.a), decimals.jobOf(w.a)];
    const note = await addCard(w.a, "Revise", "doing");

    let res = await move(w.a, { kind: "job", guid: hw, column: "doing", index: 0, ...lessonBoard() });
    expect(res.statusCode).toBe(200);
    expect(keysOf(KanbanBoardSchema.parse(dataOf(res))).doing).toEqual([`job:${hw}`, `card:${note.guid}`]);
    res = await move(w.a, { kind: "card", guid: note.guid, column: "doing", index: 0, ...lessonBoard() });
    expect(keysOf(KanbanBoardSchema.parse(dataOf(res))).doing).toEqual([`card:${note.guid}`, `job:${hw}`]);
    // Past the end means the end.
    res = await move(w.a, { kind: "job", guid: rd, column: "doing", index: 50, ...lessonBoard() });
    expect(keysOf(KanbanBoardSchema.parse(dataOf(res))).doing).toEqual([`card:${note.guid}`, `job:${hw}`, `job:${rd}`]);

    const read = keysOf(await boardOf(w.a));
    expect(read).toEqual({ what_to_do: [], to_do: [], doing: [`card:${note.guid}`, `job:${hw}`, `job:${rd}`], done: [] });
    // The board of all tasks shows the same tasks in the same columns and relative order.
    let all = keysOf(await boardOf(w.a, ""));
    expect(all).toEqual({ what_to_do: [`job:${dc}`], to_do: [], doing: [`job:${hw}`, `job:${rd}`], done: [] });
    // Moving there between them puts the L2 task between them on that board, and the lesson's board keeps its order.
    await move(w.a, { kind: "job", guid: dc, column: "doing", index: 1 });
    all = keysOf(await boardOf(w.a, ""));
    expect(all.doing).toEqual([`job:${hw}`, `job:${dc}`, `job:${rd}`]);
    expect(keysOf(await boardOf(w.a)).doing).toEqual([`card:${note.guid}`, `job:${hw}`, `job:${rd}`]);
    const stored = first(await db().select({ column: jobs.kanbanColumn }).from(jobs).where(eq(jobs.id, dc)));
    expect(stored.column).toBe("doing");
    await expectPermutations(w.a.id);
  });

  it("keeps every column a permutation 0..n-1 through many moves, each answer as a model of the board predicts", async () => {
    const homework = await assign(w.items.homework, [w.a, w.b]);
    const reading = await assign(w.items.reading, [w.a]);
    const decimals = await assign(w.items.decimals, [w.a]);
    const cards = [];
    for (const [i, column] of (["what_to_do", "to_do", "doing", "done", "to_do"] as const).entries()) cards.push(await addCard(w.a, `Card ${i}`, column));
    await addCard(w.a, "On the board of all tasks", "to_do", {});
    const movable = [
      { kind: "job" as const, guid: homework.jobOf(w.a) },
      { kind: "job" as const, guid: reading.jobOf(w.a) },
      ...cards.map((c) => ({ kind: "card" as const, guid: c.guid })),
    ];
    let model = keysOf(await boardOf(w.a));
    const next = random(14);
    for (let step = 0; step < 30; step += 1) {
      const card = movable[Math.floor(next() * movable.length)] ?? movable[0];
      if (!card) throw new Error("nothing to move");
      const column = KANBAN_COLUMNS[Math.floor(next() * KANBAN_COLUMNS.length)] ?? "to_do";
      const index = Math.floor(next() * 8);
      const key = `${card.kind}:${card.guid}`;
      const expected = Object.fromEntries(KANBAN_COLUMNS.map((c) => [c, model[c].filter((k) => k !== key)])) as Record<KanbanColumn, string[]>;
      expected[column].splice(Math.min(index, expected[column].length), 0, key);
      const res = await move(w.a, { ...card, column, index, ...lessonBoard() });
      expect(res.statusCode).toBe(200);
      model = keysOf(KanbanBoardSchema.parse(dataOf(res)));
      expect({ step, board: model }).toEqual({ step, board: expected });
      // Now and then on the board of all tasks, where the L2 task and the general card are too.
      if (step % 7 === 3) {
        const res2 = await move(w.a, { kind: "job", guid: decimals.jobOf(w.a), column, index: Math.floor(next() * 4) });
        expect(res2.statusCode).toBe(200);
      }
    }
    expect(keysOf(await boardOf(w.a))).toEqual(model);
    await expectPermutations(w.a.id);
    await expectPermutations(w.b.id);
  });

  it("serialises concurrent moves (two tabs): both land and the positions stay a permutation", async () => {
    const homework = await assign(w.items.homework, [w.a]);
    const reading = await assign(w.items.reading, [w.a]);
    const cards = await Promise.all(["One", "Two", "Three"].map((text) => addCard(w.a, text, "to_do")));
    await expectPermutations(w.a.id);
    const [first1, second] = await Promise.all([
      move(w.a, { kind: "job", guid: homework.jobOf(w.a), column: "to_do", index: 0, ...lessonBoard() }),
      move(w.a, { kind: "job", guid: reading.jobOf(w.a), column: "to_do", index: 0, ...lessonBoard() }),
    ]);
    expect([first1.statusCode, second.statusCode]).toEqual([200, 200]);
    let board = keysOf(await boardOf(w.a));
    expect(board.what_to_do).toEqual([]);
    expect(board.to_do).toHaveLength(5);
    expect(new Set(board.to_do.slice(0, 2))).toEqual(new Set([`job:${homework.jobOf(w.a)}`, `job:${reading.jobOf(w.a)}`]));
    await expectPermutations(w.a.id);

    // Four at once, across columns and boards, with a delete among them.
    const results = await Promise.all([
      move(w.a, { kind: "card", guid: cards[0]?.guid ?? "", column: "done", index: 0, ...lessonBoard() }),
      move(w.a, { kind: "card", guid: cards[1]?.guid ?? "", column: "done", index: 0, ...lessonBoard() }),
      move(w.a, { kind: "job", guid: homework.jobOf(w.a), column: "doing", index: 3 }),
      call("DELETE", `/api/front/kanban/cards/${cards[2]?.guid ?? ""}`, w.a),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 204]);
    board = keysOf(await boardOf(w.a));
    expect(new Set(board.done)).toEqual(new Set([`card:${cards[0]?.guid}`, `card:${cards[1]?.guid}`]));
    expect(board.doing).toEqual([`job:${homework.jobOf(w.a)}`]);
    expect(board.to_do).toEqual([`job:${reading.jobOf(w.a)}`]);
    await expectPermutations(w.a.id);
  });

  it("moves only the caller's own jobs and cards, on the board they are on (404 otherwise)", async () => {
    const homework = await assign(w.items.homework, [w.a, w.b]);
    const note = await addCard(w.a, "Mine", "to_do");
    const general = await addCard(w.a, "Also mine", "to_do", {});
    const attempts: Array<[Person, Move]> = [
      [w.b, { kind: "job", guid: homework.jobOf(w.a), column: "done", index: 0, ...lessonBoard() }],
      [w.b, { kind: "job", guid: homework.jobOf(w.a), column: "done", index: 0 }],
      [w.b, { kind: "card", guid: note.guid, column: "done", index: 0, ...lessonBoard() }],
      [w.teacher, { kind: "job", guid: homework.jobOf(w.a), column: "done", index: 0, ...lessonBoard() }],
      [w.lumenStudent, { kind: "job", guid: homework.jobOf(w.a), column: "done", index: 0 }],
      [w.lumenStudent, { kind: "card", guid: general.guid, column: "done", index: 0 }],
      // The caller's own, named on a board it is not on.
      [w.a, { kind: "job", guid: homework.jobOf(w.a), column: "done", index: 0, courseGuid: w.course.id, lessonGuid: w.L2.id }],
      [w.a, { kind: "card", guid: note.guid, column: "done", index: 0 }],
      [w.a, { kind: "card", guid: general.guid, column: "done", index: 0, ...lessonBoard() }],
      // The kind must match.
      [w.a, { kind: "card", guid: homework.jobOf(w.a), column: "done", index: 0, ...lessonBoard() }],
    ];
    for (const [who, body] of attempts) {
      const res = await move(who, body);
      expect({ who: who.id, body, status: res.statusCode }).toEqual({ who: who.id, body, status: 404 });
    }
    expect(keysOf(await boardOf(w.a)).done).toEqual([]);
    expect(keysOf(await boardOf(w.b)).done).toEqual([]);
  });

  it("refuses a bad column or index with 400 VALIDATION_ERROR naming the field", async () => {
    const homework = await assign(w.items.homework, [w.a]);
    const guid = homework.jobOf(w.a);
    const cases: Array<[object, string]> = [
      [{ kind: "job", guid, column: "backlog", index: 0 }, "column"],
      [{ kind: "job", guid, column: "to_do", index: -1 }, "index"],
      [{ kind: "job", guid, column: "to_do", index: 1.5 }, "index"],
      [{ kind: "job", guid, column: "to_do", index: KANBAN_LIMITS.maxIndex + 1 }, "index"],
      [{ kind: "job", guid, column: "to_do", index: "0" }, "index"],
      [{ kind: "task", guid, column: "to_do", index: 0 }, "kind"],
      [{ kind: "job", guid, column: "to_do", index: 0, lessonGuid: w.L1.id }, "lessonGuid"],
    ];
    for (const [body, field] of cases) {
      const res = await call("PUT", "/api/front/kanban/move", w.a, body);
      expect(res.statusCode).toBe(400);
      const error = res.json<{ error: { key: string; details: Array<{ field: string }> } }>().error;
      expect({ body, key: error.key, fields: error.details.map((d) => d.field) }).toEqual({ body, key: "VALIDATION_ERROR", fields: expect.arrayContaining([expect.stringContaining(field)]) });
    }
  });
});

describe("the teacher's board: GET /api/front/courses/{guid}/lessons/{lessonGuid}/kanban", () => {
  const url = (lesson = w.L1.id) => `/api/front/courses/${w.course.id}/lessons/${lesson}/kanban`;

  it("counts, per task of the lesson, the students in each column and names them, with the teacher's own cards", async () => {
    const due = new Date(Date.now() - HOUR);
    const homework = await assign(w.items.homework, [w.a, w.b, w.c], { dueAt: due });
    const reading = await assign(w.items.reading, [w.a, w.b]);
    await assign(w.items.decimals, [w.a]);
    await move(w.a, { kind: "job", guid: homework.jobOf(w.a), column: "doing", index: 0, ...lessonBoard() });
    await move(w.c, { kind: "job", guid: homework.jobOf(w.c), column: "doing", index: 0, ...lessonBoard() });
    await move(w.b, { kind: "job", guid: homework.jobOf(w.b), column: "done", index: 0, ...lessonBoard() });
    await db().update(jobs).set({ status: "pending", late: true }).where(eq(jobs.id, homework.jobOf(w.b)));
    await move(w.a, { kind: "job", guid: reading.jobOf(w.a), column: "to_do", index: 0, ...lessonBoard() });
    await addCard(w.a, "Private note", "doing");
    const mine = await addCard(w.teacher, "Bring the rulers", "to_do");

    const res = await call("GET", url(), w.teacher);
    expect(res.statusCode).toBe(200);
    const board = KanbanTeacherBoardSchema.parse(dataOf(res));
    expect(board.course).toEqual({ guid: w.course.id, name: "Maths 1A" });
    expect(board.lesson).toEqual({ guid: w.L1.id, title: "Fractions" });
    expect(board.tasks.map((task) => [task.title, task.total, task.columns.map((c) => c.count)])).toEqual([
      ["Exercises p. 12", 3, [0, 0, 2, 1]],
      ["Reading", 2, [1, 1, 0, 0]],
    ]);
    const [hw] = board.tasks;
    expect(hw).toMatchObject({ itemGuid: w.items.homework.id, contentType: "CTTY_09", dueAt: due.toISOString() });
    expect(hw?.columns[2]?.students).toEqual([
      { guid: w.a.id, name: "Ana Alba", jobGuid: homework.jobOf(w.a), state: "not_started", late: false, overdue: true },
      { guid: w.c.id, name: "Carla Cruz", jobGuid: homework.jobOf(w.c), state: "not_started", late: false, overdue: true },
    ]);
    expect(hw?.columns[3]?.students).toEqual([{ guid: w.b.id, name: "Bruno Bravo", jobGuid: homework.jobOf(w.b), state: "pending", late: true, overdue: false }]);
    // The teacher's own cards, and none of the students'.
    expect(board.board).toMatchObject({ courseGuid: w.course.id, lessonGuid: w.L1.id, readOnly: false });
    expect(keysOf(board.board)).toEqual({ what_to_do: [], to_do: [`card:${mine.guid}`], doing: [], done: [] });
    // The teacher moves their own card with the same endpoint.
    expect((await move(w.teacher, { kind: "card", guid: mine.guid, column: "done", index: 0, ...lessonBoard() })).statusCode).toBe(200);
    expect(keysOf(KanbanTeacherBoardSchema.parse(dataOf(await call("GET", url(), w.coteacher))).board).done).toEqual([]);
    expect(keysOf(KanbanTeacherBoardSchema.parse(dataOf(await call("GET", url(), w.teacher))).board).done).toEqual([`card:${mine.guid}`]);

    // A student who left the class is no longer counted.
    const membership = and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, w.b.id));
    await db().delete(courseMembers).where(membership);
    try {
      const after = KanbanTeacherBoardSchema.parse(dataOf(await call("GET", url(), w.coteacher)));
      expect(after.tasks.map((task) => task.total)).toEqual([2, 1]);
    } finally {
      await db().insert(courseMembers).values({ courseId: w.course.id, userId: w.b.id, role: "student" });
    }
  });

  it("is the class's editors' only: a student of the class gets 403, anyone else 404", async () => {
    const student = await call("GET", url(), w.a);
    expect(student.statusCode).toBe(403);
    expect(keyOf(student)).toBe("FORBIDDEN");
    for (const who of [w.outsider, w.lumenTeacher, w.lumenStudent]) expect((await call("GET", url(), who)).statusCode).toBe(404);
    const notHere = await call("GET", `/api/front/courses/${w.course2.id}/lessons/${w.L1.id}/kanban`, w.teacher);
    expect(notHere.statusCode).toBe(404);
    const otherLesson = await call("GET", url(w.course.id), w.teacher);
    expect(keyOf(otherLesson)).toBe("LESSON_NOT_IN_COURSE");
  });
});

describe("view as a student: GET …/kanban/students/{studentGuid}", () => {
  const url = (student: string) => `/api/front/courses/${w.course.id}/lessons/${w.L1.id}/kanban/students/${student}`;

  it("shows the student's tasks where they put them, read-only and without their personal cards", async () => {
    const homework = await assign(w.items.homework, [w.a, w.b]);
    const reading = await assign(w.items.reading, [w.a]);
    await move(w.a, { kind: "job", guid: reading.jobOf(w.a), column: "doing", index: 0, ...lessonBoard() });
    await addCard(w.a, "Private note", "doing");

    const res = await call("GET", url(w.a.id), w.coteacher);
    expect(res.statusCode).toBe(200);
    const view = KanbanStudentBoardSchema.parse(dataOf(res));
    expect(view.student).toEqual({ guid: w.a.id, name: "Ana Alba" });
    expect(view.board).toMatchObject({ courseGuid: w.course.id, lessonGuid: w.L1.id, readOnly: true });
    expect(keysOf(view.board)).toEqual({ what_to_do: [`job:${homework.jobOf(w.a)}`], to_do: [], doing: [`job:${reading.jobOf(w.a)}`], done: [] });
    // Read-only: the teacher cannot move what they see.
    expect((await move(w.teacher, { kind: "job", guid: reading.jobOf(w.a), column: "done", index: 0, ...lessonBoard() })).statusCode).toBe(404);
  });

  it("answers only the class's editors, and only about a student of the class", async () => {
    expect((await call("GET", url(w.a.id), w.b)).statusCode).toBe(403);
    expect((await call("GET", url(w.a.id), w.a)).statusCode).toBe(403);
    for (const who of [w.outsider, w.lumenTeacher]) expect((await call("GET", url(w.a.id), who)).statusCode).toBe(404);
    for (const student of [w.teacher.id, w.lumenStudent.id, w.outsider.id]) expect((await call("GET", url(student), w.teacher)).statusCode).toBe(404);
  });
});
