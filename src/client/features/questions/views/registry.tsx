import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionType } from "../../../../contracts/questions";
import type { QuestionViewProps } from "./types";

/*
 * One lazy chunk per question type ("question-QT_<n>"): a type's code (dnd-kit, MathLive, the
 * drawing canvas...) loads only when a question of that type is shown.
 */

type Views = { [K in QuestionType]: LazyExoticComponent<ComponentType<QuestionViewProps<K>>> };

const VIEWS: Views = {
  QT_1: lazy(() => import(/* webpackChunkName: "question-QT_1" */ "./QT_1")),
  QT_2: lazy(() => import(/* webpackChunkName: "question-QT_2" */ "./QT_2")),
  QT_3: lazy(() => import(/* webpackChunkName: "question-QT_3" */ "./QT_3")),
  QT_4: lazy(() => import(/* webpackChunkName: "question-QT_4" */ "./QT_4")),
  QT_5: lazy(() => import(/* webpackChunkName: "question-QT_5" */ "./QT_5")),
  QT_6: lazy(() => import(/* webpackChunkName: "question-QT_6" */ "./QT_6")),
  QT_7: lazy(() => import(/* webpackChunkName: "question-QT_7" */ "./QT_7")),
  QT_8: lazy(() => import(/* webpackChunkName: "question-QT_8" */ "./QT_8")),
  QT_9: lazy(() => import(/* webpackChunkName: "question-QT_9" */ "./QT_9")),
  QT_10: lazy(() => import(/* webpackChunkName: "question-QT_10" */ "./QT_10")),
  QT_11: lazy(() => import(/* webpackChunkName: "question-QT_11" */ "./QT_11")),
  QT_12: lazy(() => import(/* webpackChunkName: "question-QT_12" */ "./QT_12")),
  QT_13: lazy(() => import(/* webpackChunkName: "question-QT_13" */ "./QT_13")),
  QT_14: lazy(() => import(/* webpackChunkName: "question-QT_14" */ "./QT_14")),
  QT_15: lazy(() => import(/* webpackChunkName: "question-QT_15" */ "./QT_15")),
  QT_16: lazy(() => import(/* webpackChunkName: "question-QT_16" */ "./QT_16")),
  QT_17: lazy(() => import(/* webpackChunkName: "question-QT_17" */ "./QT_17")),
  QT_18: lazy(() => import(/* webpackChunkName: "question-QT_18" */ "./QT_18")),
  QT_19: lazy(() => import(/* webpackChunkName: "question-QT_19" */ "./QT_19")),
  QT_20: lazy(() => import(/* webpackChunkName: "question-QT_20" */ "./QT_20")),
  QT_21: lazy(() => import(/* webpackChunkName: "question-QT_21" */ "./QT_21")),
};

/** The view of a question's type, with a spinner while its code loads. */
export function QuestionView<K extends QuestionType>(props: QuestionViewProps<K>) {
  const { t } = useTranslation("questions");
  const View = VIEWS[props.question.type] as ComponentType<QuestionViewProps<K>>;
  return (
    <Suspense fallback={<Spinner size="small" label={t("loadingQuestion")} />}>
      <View {...props} />
    </Suspense>
  );
}
