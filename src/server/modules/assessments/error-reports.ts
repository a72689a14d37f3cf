import { and, count, desc, eq } from "drizzle-orm";
import type { ErrorReport, ErrorReportCreate } from "../../../contracts/assessments";
import type { Db } from "../../db/client";
import { errorReports, questions, users } from "../../db/schema";
import { forbidden, notFound } from "../../platform/errors";
import type { Caller } from "../courses/access";
import { findTenantQuestion } from "./questions-service";

/*
 * Exercise error reports (spec §3, §4, §9): anyone who sees a question may report it; editorial
 * staff list them and mark them resolved.
 */

type ReportRow = typeof errorReports.$inferSelect;
type Joined = { report: ReportRow; reporter: { id: string; firstName: string; lastName: string; role: string } | null; question: { type: string; prompt: string } | null };

const present = ({ report, reporter, question }: Joined): ErrorReport => ({
  guid: report.id,
  exerciseId: report.exerciseId,
  activityInstanceId: report.activityInstanceId,
  errorType: report.errorType,
  errorTypeId: report.errorTypeId as ErrorReport["errorTypeId"],
  description: report.description,
  status: report.status as ErrorReport["status"],
  createdAt: report.createdAt.toISOString(),
  reporter: reporter ? { guid: reporter.id, name: `${reporter.firstName} ${reporter.lastName}`.trim(), role: reporter.role } : null,
  question: question ? { type: question.type as NonNullable<ErrorReport["question"]>["type"], prompt: question.prompt } : null,
});

const selection = {
  report: errorReports,
  reporter: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
  question: { type: questions.type, prompt: questions.prompt },
};

export const canReadReports = (caller: Caller): boolean => caller.role === "editorial";

export async function createErrorReport(db: Db, caller: Caller, input: ErrorReportCreate): Promise<ErrorReport> {
  if (!(await findTenantQuestion(db, caller.tenantId, input.exerciseId))) throw notFound("Question");
  const [report] = await db
    .insert(errorReports)
    .values({
      tenantId: caller.tenantId,
      exerciseId: input.exerciseId,
      activityInstanceId: input.activityInstanceId,
      errorType: input.errorType,
      errorTypeId: input.errorTypeId,
      description: input.description ? input.description : null,
      reporterId: caller.userId,
    })
    .returning();
  if (!report) throw new Error("report insert returned nothing");
  return loadReport(db, caller.tenantId, report.id);
}

async function loadReport(db: Db, tenantId: string, id: string): Promise<ErrorReport> {
  const [row] = await db
    .select(selection)
    .from(errorReports)
    .leftJoin(users, eq(users.id, errorReports.reporterId))
    .leftJoin(questions, eq(questions.contentId, errorReports.exerciseId))
    .where(and(eq(errorReports.id, id), eq(errorReports.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound("Report");
  return present(row);
}

export async function listErrorReports(db: Db, caller: Caller, q: { offset: number; pageSize: number; status?: "open" | "resolved" | undefined }) {
  if (!canReadReports(caller)) throw forbidden();
  const where = and(eq(errorReports.tenantId, caller.tenantId), q.status ? eq(errorReports.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(errorReports)
      .leftJoin(users, eq(users.id, errorReports.reporterId))
      .leftJoin(questions, eq(questions.contentId, errorReports.exerciseId))
      .where(where)
      .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(errorReports).where(where),
  ]);
  return { items: rows.map(present), total: Number(total?.n ?? 0), offset: q.offset, pageSize: q.pageSize };
}

export async function setErrorReportStatus(db: Db, caller: Caller, id: string, status: "open" | "resolved"): Promise<ErrorReport> {
  if (!canReadReports(caller)) throw forbidden();
  const updated = await db
    .update(errorReports)
    .set({ status, resolvedAt: status === "resolved" ? new Date() : null })
    .where(and(eq(errorReports.id, id), eq(errorReports.tenantId, caller.tenantId)))
    .returning({ id: errorReports.id });
  if (updated.length === 0) throw notFound("Report");
  return loadReport(db, caller.tenantId, id);
}
