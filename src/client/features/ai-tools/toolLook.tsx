import { tokens } from "@fluentui/react-components";
import {
  BookLetterRegular,
  ClipboardTextLtrRegular,
  GlobeRegular,
  LightbulbRegular,
  PersonFeedbackRegular,
  QuestionCircleRegular,
  TableRegular,
  TextGrammarWandRegular,
  TranslateRegular,
} from "@fluentui/react-icons";
import type { FluentIcon } from "@fluentui/react-icons";
import type { TeacherTool } from "../../../contracts/teacher-tools-base";

/** Spec tool card: icon and iconColor are the client's (the title and description are aiTools.json's tools.<tool>). */
export const TOOL_LOOK: Record<TeacherTool, { icon: FluentIcon; color: string }> = {
  "real-world-connection": { icon: GlobeRegular, color: tokens.colorPaletteTealForeground2 },
  "text-level-adapter": { icon: TextGrammarWandRegular, color: tokens.colorPaletteBlueForeground2 },
  "lesson-plan-generator": { icon: ClipboardTextLtrRegular, color: tokens.colorPaletteGreenForeground2 },
  "rubric-generator": { icon: TableRegular, color: tokens.colorPaletteBerryForeground2 },
  "vocabulary-creator": { icon: BookLetterRegular, color: tokens.colorPaletteMarigoldForeground2 },
  "text-translator": { icon: TranslateRegular, color: tokens.colorPalettePurpleForeground2 },
  "student-feedback": { icon: PersonFeedbackRegular, color: tokens.colorPaletteDarkOrangeForeground2 },
  "question-generator": { icon: QuestionCircleRegular, color: tokens.colorPaletteCranberryForeground2 },
  "classroom-energizer": { icon: LightbulbRegular, color: tokens.colorPaletteLightGreenForeground2 },
};

/** The tools with a form here (the server's routes): the setup page refuses any other. */
export const FORM_TOOLS = [
  "text-level-adapter",
  "vocabulary-creator",
  "text-translator",
  "real-world-connection",
  "classroom-energizer",
  "question-generator",
  "lesson-plan-generator",
  "rubric-generator",
  "student-feedback",
] as const;
export type FormTool = (typeof FORM_TOOLS)[number];
export const isFormTool = (tool: string | undefined): tool is FormTool => (FORM_TOOLS as readonly string[]).includes(tool ?? "");

export const toolPaths = {
  list: "/ai/tools",
  history: "/ai/tools/history",
  setup: (tool: TeacherTool, lesson?: { courseGuid: string; lessonGuid: string }) =>
    `/ai/tools/setup/${tool}${lesson ? `?${new URLSearchParams({ courseGuid: lesson.courseGuid, lessonGuid: lesson.lessonGuid }).toString()}` : ""}`,
  instance: (id: string) => `/ai/tools/instance/${encodeURIComponent(id)}`,
  /** A class's lesson page (the lesson route without the unit). */
  lesson: ({ courseGuid, lessonGuid }: { courseGuid: string; lessonGuid: string }) => `/course/${encodeURIComponent(courseGuid)}/lesson/${encodeURIComponent(lessonGuid)}`,
  /** An assessment's page in its lesson (the lesson route without the unit). */
  assessment: (courseGuid: string, lessonGuid: string, assessmentGuid: string) =>
    `/course/${encodeURIComponent(courseGuid)}/lesson/${encodeURIComponent(lessonGuid)}/assessment/${encodeURIComponent(assessmentGuid)}`,
};
