import type { FastifyInstance } from "fastify";
import { assessmentsRoutes } from "./assessments/routes";
import { authRoutes } from "./auth/routes";
import { calendarRoutes } from "./calendar/routes";
import { contentsRoutes } from "./contents/routes";
import { coursesRoutes } from "./courses/routes";
import { kanbanRoutes } from "./kanban/routes";
import { learningRoutes } from "./learning/routes";
import { lessonsRoutes } from "./lessons/routes";
import { licencesRoutes } from "./licences/routes";
import { notificationsRoutes } from "./notifications/routes";
import { organizationRoutes } from "./organization/routes";
import { platformRoutes } from "./platform/routes";
import { practiceRoutes } from "./practice/routes";
import { programRoutes } from "./program/routes";
import { projectionRoutes } from "./projection/routes";
import { recordsRoutes } from "./records/routes";
import { runtimeRoutes } from "./records/runtime-routes";
import { referenceRoutes } from "./reference/routes";
import { ssoRoutes } from "./sso/routes";
import { streamRoutes } from "./stream/routes";
import { tasksRoutes } from "./tasks/routes";
import { teamsRoutes } from "./teams/routes";

/** Every domain module, mounted under /api. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(platformRoutes);
  await app.register(authRoutes);
  await app.register(organizationRoutes);
  await app.register(referenceRoutes);
  await app.register(coursesRoutes);
  await app.register(licencesRoutes);
  await app.register(programRoutes);
  await app.register(streamRoutes);
  await app.register(contentsRoutes);
  await app.register(ssoRoutes);
  await app.register(teamsRoutes);
  await app.register(lessonsRoutes);
  await app.register(recordsRoutes);
  await app.register(runtimeRoutes);
  await app.register(projectionRoutes);
  await app.register(assessmentsRoutes);
  await app.register(calendarRoutes);
  await app.register(kanbanRoutes);
  await app.register(notificationsRoutes);
  await app.register(tasksRoutes);
  await app.register(learningRoutes);
  await app.register(practiceRoutes);
}
