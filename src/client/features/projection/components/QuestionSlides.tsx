import { makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionFull, StudentQuestionOf } from "../../../../contracts/assessments";
import { readQuestionData } from "../../../../contracts/questions-base";
import type { QuestionDataFor, QuestionType } from "../../../../contracts/questions";
import { toStudentData } from "../../../../contracts/student-questions-base";
import { NotAvailable } from "../../viewers/components/NotAvailable";
import { MathText } from "../../questions/views/MathText";
import { QuestionView } from "../../questions/views/registry";
import { clampSlide, slideKeyAction } from "../slides";
import { ControlBar } from "./ControlBar";
import { useProjectionStyles } from "./projectionStyles";

/*
 * Questions on the classroom screen (/projection/question/{guid}, /projection/test/{guid}): one at
 * a time, large, in the views' projection mode, nothing to answer. "Reveal answers" gives the view
 * the full question_data as its solution; moving to another question hides them again. Only people
 * who may read the question in full (the cms calls) get here, so the solution is theirs to show.
 */

const useStyles = makeStyles({
  question: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "1200px", margin: "0 auto", width: "100%" },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  prompt: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, whiteSpace: "pre-wrap" },
  media: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalL },
  image: { maxWidth: "100%", maxHeight: "40vh", objectFit: "contain" },
});

type ProjectedProps = { question: QuestionFull; number: number; total: number; revealed: boolean };

/** One question as the class sees it: its prompt, images and the type's projection view. */
export function ProjectedQuestion({ question, number, total, revealed }: ProjectedProps) {
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const parsed = useMemo(() => readQuestionData(question.type, question.question_data), [question.type, question.question_data]);
  const student = useMemo(
    () =>
      parsed.ok
        ? ({ guid: question.guid, type: question.type, prompt: question.prompt, points: question.points, media: question.media, data: toStudentData(question.type, parsed.data, question.guid) } as StudentQuestionOf<QuestionType>)
        : null,
    [parsed, question],
  );
  if (!parsed.ok || !student) return <NotAvailable />;
  const label = t("questions.label", { number });
  return (
    <article className={styles.question} aria-label={t("questions.heading", { number, total })}>
      <h2 className={styles.heading}>{t("questions.heading", { number, total })}</h2>
      {question.prompt ? <MathText as="p" className={styles.prompt} text={question.prompt} /> : null}
      {question.media.length > 0 ? (
        <div className={styles.media}>
          {question.media.map((image, i) => (image.url ? <img key={`${image.url}-${i}`} className={styles.image} src={image.url} alt={image.alt} /> : null))}
        </div>
      ) : null}
      <QuestionView<QuestionType>
        question={student}
        mode="projection"
        answer={undefined}
        solution={revealed ? (parsed.data as QuestionDataFor<QuestionType>) : null}
        label={label}
      />
    </article>
  );
}

type SlidesProps = { title: string; questions: readonly QuestionFull[]; onExit: () => void };

/** The questions of a test (or a single question) as slides with Previous/Next, Reveal answers and the slide keys. */
export function QuestionSlides({ title, questions, onExit }: SlidesProps) {
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const rootRef = useRef<HTMLDivElement>(null);
  const [slide, setSlide] = useState({ position: 0, revealed: false });
  const count = questions.length;
  const go = (position: number) => setSlide((s) => (clampSlide(position, count) === s.position ? s : { position: clampSlide(position, count), revealed: false }));

  const keys = useRef({ go, onExit, position: slide.position, count });
  useEffect(() => {
    keys.current = { go, onExit, position: slide.position, count };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = slideKeyAction(event);
      const k = keys.current;
      if (!action) return;
      event.preventDefault();
      if (action === "exit") k.onExit();
      else if (action === "next") k.go(k.position + 1);
      else if (action === "previous") k.go(k.position - 1);
      else if (action === "first") k.go(0);
      else k.go(k.count - 1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const question = questions[slide.position];
  return (
    <div className={styles.root} ref={rootRef}>
      <header className={styles.head}>
        <h1 className={styles.slideTitle}>{title}</h1>
        {slide.revealed ? <span className={styles.position}>{t("slide.revealed")}</span> : null}
      </header>
      <main className={styles.stage} aria-label={t("slide.region")}>
        <div className={styles.visuallyHidden} role="status" aria-live="polite">
          {question ? t("questions.heading", { number: slide.position + 1, total: count }) : ""}
        </div>
        {question ? (
          <ProjectedQuestion key={question.guid} question={question} number={slide.position + 1} total={count} revealed={slide.revealed} />
        ) : (
          <p>{t("questions.empty")}</p>
        )}
      </main>
      <ControlBar
        position={slide.position}
        count={count}
        revealed={slide.revealed}
        onPrevious={() => go(slide.position - 1)}
        onNext={() => go(slide.position + 1)}
        onReveal={(revealed) => setSlide((s) => ({ ...s, revealed }))}
        onExit={onExit}
        fullscreenTarget={() => rootRef.current}
      />
    </div>
  );
}
