import { makeStyles, tokens } from "@fluentui/react-components";
import { useMemo, useState } from "react";
import type { StudentQuestionOf } from "../../../../contracts/assessments";
import type { AnswerFor, Image, QuestionDataFor, QuestionType } from "../../../../contracts/questions";
import { toStudentData } from "../../../../contracts/student-questions-base";
import { MathText } from "../views/MathText";
import { QuestionView } from "../views/registry";

/*
 * A question as a student would see it, in the views' "preview" mode: built from the full
 * question_data with toStudentData (so nothing the student would not get is shown), answerable,
 * nothing saved. Used by the assessment overview, the question editor and /lemon-test.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  prompt: { margin: 0, whiteSpace: "pre-wrap" },
  media: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalM },
  image: { maxWidth: "100%", maxHeight: "240px", objectFit: "contain" },
});

export type QuestionPreviewProps<K extends QuestionType> = {
  type: K;
  /** The full, valid question_data (parsed). */
  data: QuestionDataFor<K>;
  /** Seeds the shuffled orders (the question's guid, or any stable text). */
  seed: string;
  prompt: string;
  media?: readonly Image[];
  points?: number;
  /** Accessible name prefix of the view's groups ("Pregunta 2"). */
  label: string;
  /** Told every answer the preview receives (/lemon-test shows it). */
  onAnswer?: (answer: AnswerFor<K> | undefined) => void;
};

export function QuestionPreview<K extends QuestionType>({ type, data, seed, prompt, media = [], points = 1, label, onAnswer }: QuestionPreviewProps<K>) {
  const styles = useStyles();
  const [answer, setAnswer] = useState<AnswerFor<K> | undefined>(undefined);
  const question = useMemo<StudentQuestionOf<K>>(
    () => ({ guid: seed, type, prompt, points, media: [...media], data: toStudentData(type, data, seed) }),
    [seed, type, prompt, points, media, data],
  );
  return (
    <div className={styles.root}>
      {prompt ? <MathText as="p" className={styles.prompt} text={prompt} /> : null}
      {media.length > 0 ? (
        <div className={styles.media}>
          {media.map((image, i) => (image.url ? <img key={`${image.url}-${i}`} className={styles.image} src={image.url} alt={image.alt} /> : null))}
        </div>
      ) : null}
      <QuestionView<K>
        question={question}
        mode="preview"
        answer={answer}
        label={label}
        onAnswer={(next) => {
          setAnswer(next);
          onAnswer?.(next);
        }}
      />
    </div>
  );
}
