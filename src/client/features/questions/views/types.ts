import type { StudentQuestionOf } from "../../../../contracts/assessments";
import type { AnswerFor, QuestionDataFor, QuestionType } from "../../../../contracts/questions";

/*
 * What every question view takes (issue 6). One component per type (views/QT_<n>.tsx, default
 * export), loaded only when a question of that type is shown (registry.ts). A view never scores:
 * the server does. Modes:
 * - answer: the student answers; every change calls onAnswer with the whole answer.
 * - preview: the teacher's preview while authoring; answerable, nothing is saved.
 * - projection: shown large on the classroom screen; not answerable; `solution` given when the
 *   teacher reveals the answers.
 * - review: read-only; the student's answer (`answer`) beside the right one (`solution`, when the
 *   caller may see it), with `parts` marking each part right or wrong.
 */

export type QuestionViewMode = "answer" | "preview" | "projection" | "review";

/** A file the student uploaded (upload file, pencil): its key and name, and where to get it. */
export type UploadedFile = { key: string; name: string };

export type QuestionViewProps<K extends QuestionType> = {
  question: StudentQuestionOf<K>;
  mode: QuestionViewMode;
  /** The current answer (undefined: none yet). */
  answer: AnswerFor<K> | undefined;
  /** answer and preview modes. */
  onAnswer?: ((answer: AnswerFor<K>) => void) | undefined;
  /** review and projection modes: the full question_data, when the answers may be shown. */
  solution?: QuestionDataFor<K> | null | undefined;
  /** review mode: which parts (choice, gap, row, label, item, target, click-<i>...) were right. */
  parts?: readonly { id: string; correct: boolean }[] | undefined;
  /** Upload file and pencil: stores a file for this question and resolves with its reference. */
  upload?: ((file: File) => Promise<UploadedFile>) | undefined;
  /** Upload file and pencil: the address to show or download an uploaded file. */
  fileUrl?: ((file: UploadedFile) => string) | undefined;
  /** Accessible name prefix, e.g. "Pregunta 3": views label their groups with it. */
  label: string;
};

export type QuestionView<K extends QuestionType> = (props: QuestionViewProps<K>) => React.ReactNode;
