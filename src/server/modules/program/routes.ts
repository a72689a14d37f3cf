import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuidParamsSchema } from "../../../contracts/common";
import {
  CourseProgramQuerySchema,
  CourseProgramResponseSchema,
  CourseResourcesResponseSchema,
  GradebookQuerySchema,
  GradebookResponseSchema,
  ProgramLessonParamsSchema,
  ProgramOrderSchema,
  ProgramResetQuerySchema,
  ProgramUnitParamsSchema,
  ProgramVisibilitySchema,
  ResourceGroupDetailResponseSchema,
  ResourceGroupParamsSchema,
} from "../../../contracts/course-program";
import { authOf } from "../../platform/auth";
import { success } from "../../platform/envelope";
import { notFound } from "../../platform/errors";
import { loadCourseAccess, loadEditableCourse, type CourseAccess } from "../courses/access";
import { loadAssessmentGrades } from "../assessments/gradebook";
import { errors } from "../courses/route-docs";
import { programViewFor } from "./policy";
import { publicationPreviewRoutes } from "./publication-preview-routes";
import { presentGradebook, presentProgram, presentResourceGroup, presentResources } from "./presenter";
import {
  loadGradebook,
  loadProgramTree,
  reorderProgram,
  resetPersonalisation,
  setLessonHidden,
  setUnitHidden,
} from "./service";

const TAGS = ["program"];
const security = [{ bearer: [] }];

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicationPreviewRoutes);
  const db = () => app.ctx.db;
  /** After a change the editor sees the whole program again, hidden items flagged. */
  const teacherProgram = async (access: CourseAccess) =>
    success(presentProgram(access.course.id, await loadProgramTree(db(), access.course), "teacher"));

  app.get(
    "/front/courses/:guid/program",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's program as it sees it; students get the student view (hidden units and lessons left out)",
        security,
        params: GuidParamsSchema,
        querystring: CourseProgramQuerySchema,
        response: { 200: CourseProgramResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const access = await loadCourseAccess(db(), authOf(request), request.params.guid);
      const view = programViewFor(access, request.query.view);
      return success(presentProgram(access.course.id, await loadProgramTree(db(), access.course), view));
    },
  );

  app.patch(
    "/front/courses/:guid/program/units/:unitGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Hide or show a unit in the class's program (teachers and co-teachers)",
        security,
        params: ProgramUnitParamsSchema,
        body: ProgramVisibilitySchema,
        response: { 200: CourseProgramResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db(), authOf(request), request.params.guid);
      await setUnitHidden(db(), access.course, request.params.unitGuid, request.body.hidden);
      return teacherProgram(access);
    },
  );

  app.patch(
    "/front/courses/:guid/program/lessons/:lessonGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Hide or show a lesson in the class's program (teachers and co-teachers)",
        security,
        params: ProgramLessonParamsSchema,
        body: ProgramVisibilitySchema,
        response: { 200: CourseProgramResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db(), authOf(request), request.params.guid);
      await setLessonHidden(db(), access.course, request.params.lessonGuid, request.body.hidden);
      return teacherProgram(access);
    },
  );

  app.put(
    "/front/courses/:guid/program/order",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Reorder one publication's units or one unit's lessons for the class (a permutation of the current ones)",
        security,
        params: GuidParamsSchema,
        body: ProgramOrderSchema,
        response: { 200: CourseProgramResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db(), authOf(request), request.params.guid);
      await reorderProgram(db(), access.course, request.body);
      return teacherProgram(access);
    },
  );

  app.delete(
    "/front/courses/:guid/program/personalisation",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Drop the class's personalisation (all publications, or one): back to the publisher's original",
        security,
        params: GuidParamsSchema,
        querystring: ProgramResetQuerySchema,
        response: { 200: CourseProgramResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await loadEditableCourse(db(), authOf(request), request.params.guid);
      await resetPersonalisation(db(), access.course, request.query.publicationGuid);
      return teacherProgram(access);
    },
  );

  app.get(
    "/front/courses/:guid/gradebook",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's gradebook frame (workbook or program scope); students get only their own row",
        security,
        params: GuidParamsSchema,
        querystring: GradebookQuerySchema,
        response: { 200: GradebookResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const access = await loadCourseAccess(db(), caller, request.params.guid);
      // A student's owner is always themselves, whatever they ask for.
      const owner = access.isStudent ? caller.userId : request.query.owner;
      const input = await loadGradebook(db(), access.course, request.query, owner);
      const grades = await loadAssessmentGrades(db(), access.course.id, !access.canEdit);
      return success(presentGradebook({ scope: request.query.scope, ...input, grades }));
    },
  );

  app.get(
    "/front/courses/:guid/resources",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The class's resources: one section per publication, one group per unit the caller may see",
        security,
        params: GuidParamsSchema,
        response: { 200: CourseResourcesResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const access = await loadCourseAccess(db(), authOf(request), request.params.guid);
      const tree = await loadProgramTree(db(), access.course);
      return success(presentResources(tree, programViewFor(access, undefined)));
    },
  );

  app.get(
    "/front/courses/:guid/resources/:sectionGuid/:groupGuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "One resource group (a unit) of a section (a publication) of the class, with its lessons",
        security,
        params: ResourceGroupParamsSchema,
        response: { 200: ResourceGroupDetailResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const access = await loadCourseAccess(db(), authOf(request), request.params.guid);
      const view = programViewFor(access, undefined);
      const tree = await loadProgramTree(db(), access.course);
      const pub = tree.find((p) => p.id === request.params.sectionGuid);
      const unit = pub?.units.find((u) => u.id === request.params.groupGuid);
      if (!pub || !unit || (view === "student" && unit.hidden)) throw notFound("Resource group");
      return success(presentResourceGroup(pub, unit, view));
    },
  );
};
