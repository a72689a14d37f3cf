import { and, eq, inArray } from "drizzle-orm";
import type { ChatContext, ChatMode } from "../../../contracts/chatbot-base";
import type { Db } from "../../db/client";
import { assessmentAttempts, practiceActivities, practiceSessions, questions } from "../../db/schema";
import type { Caller } from "../courses/access";

/*
 * What the assistant must not answer for a student (issue 17, ADR 0041): the questions of their
 * assessments in progress, and the practice activity they are on. answer.ts guards a question
 * that copies one of them: hints and places to read, never the answer.
 */

/** The question prompts of the student's assessments in progress. */
export async function openAssessmentPrompts(db: Db, caller: Caller): Promise<string[]> {
  if (caller.role !== "student") return [];
  const attempts = await db
    .select({ order: assessmentAttempts.questionOrder })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.tenantId, caller.tenantId), eq(assessmentAttempts.userId, caller.userId), eq(assessmentAttempts.status, "in_progress")));
  const ids = [...new Set(attempts.flatMap((a) => a.order))];
  if (ids.length === 0) return [];
  const rows = await db.select({ prompt: questions.prompt }).from(questions).where(and(eq(questions.tenantId, caller.tenantId), inArray(questions.contentId, ids)));
  return rows.map((r) => r.prompt);
}

/**
 * In practice mode on an activity's page (/activities/sessions/{session}/activities/{activity}):
 * that activity's question, when the session is the caller's own; null otherwise. The model
 * coaches on it; both providers treat a question that copies it like an open assessment's.
 */
export async function currentActivityPrompt(db: Db, caller: Caller, mode: ChatMode, context: ChatContext | undefined): Promise<string | null> {
  if (mode !== "practice" || caller.role !== "student") return null;
  const page = /^\/activities\/sessions\/([0-9a-f-]{36})\/activities\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(context?.currentPage ?? "");
  if (!page) return null;
  const [row] = await db
    .select({ prompt: questions.prompt })
    .from(practiceActivities)
    .innerJoin(practiceSessions, eq(practiceSessions.id, practiceActivities.sessionId))
    .innerJoin(questions, eq(questions.contentId, practiceActivities.questionId))
    .where(and(eq(practiceActivities.id, page[2] as string), eq(practiceSessions.id, page[1] as string), eq(practiceSessions.userId, caller.userId), eq(practiceSessions.tenantId, caller.tenantId)))
    .limit(1);
  return row?.prompt ?? null;
}
