import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionType } from "../../../../../contracts/questions";
import type { EditorProps } from "./types";

/* One lazy chunk per type's editor ("question-editor-QT_<n>"). */
const EDITORS: Record<QuestionType, LazyExoticComponent<ComponentType<EditorProps>>> = {
  QT_1: lazy(() => import(/* webpackChunkName: "question-editor-QT_1" */ "./QT_1")),
  QT_2: lazy(() => import(/* webpackChunkName: "question-editor-QT_2" */ "./QT_2")),
  QT_3: lazy(() => import(/* webpackChunkName: "question-editor-QT_3" */ "./QT_3")),
  QT_4: lazy(() => import(/* webpackChunkName: "question-editor-QT_4" */ "./QT_4")),
  QT_5: lazy(() => import(/* webpackChunkName: "question-editor-QT_5" */ "./QT_5")),
  QT_6: lazy(() => import(/* webpackChunkName: "question-editor-QT_6" */ "./QT_6")),
  QT_7: lazy(() => import(/* webpackChunkName: "question-editor-QT_7" */ "./QT_7")),
  QT_8: lazy(() => import(/* webpackChunkName: "question-editor-QT_8" */ "./QT_8")),
  QT_9: lazy(() => import(/* webpackChunkName: "question-editor-QT_9" */ "./QT_9")),
  QT_10: lazy(() => import(/* webpackChunkName: "question-editor-QT_10" */ "./QT_10")),
  QT_11: lazy(() => import(/* webpackChunkName: "question-editor-QT_11" */ "./QT_11")),
  QT_12: lazy(() => import(/* webpackChunkName: "question-editor-QT_12" */ "./QT_12")),
  QT_13: lazy(() => import(/* webpackChunkName: "question-editor-QT_13" */ "./QT_13")),
  QT_14: lazy(() => import(/* webpackChunkName: "question-editor-QT_14" */ "./QT_14")),
  QT_15: lazy(() => import(/* webpackChunkName: "question-editor-QT_15" */ "./QT_15")),
  QT_16: lazy(() => import(/* webpackChunkName: "question-editor-QT_16" */ "./QT_16")),
  QT_17: lazy(() => import(/* webpackChunkName: "question-editor-QT_17" */ "./QT_17")),
  QT_18: lazy(() => import(/* webpackChunkName: "question-editor-QT_18" */ "./QT_18")),
  QT_19: lazy(() => import(/* webpackChunkName: "question-editor-QT_19" */ "./QT_19")),
  QT_20: lazy(() => import(/* webpackChunkName: "question-editor-QT_20" */ "./QT_20")),
  QT_21: lazy(() => import(/* webpackChunkName: "question-editor-QT_21" */ "./QT_21")),
};

export function QuestionDataEditor(props: EditorProps) {
  const { t } = useTranslation("questions");
  const Editor = EDITORS[props.type];
  return (
    <Suspense fallback={<Spinner size="small" label={t("loadingQuestion")} />}>
      <Editor {...props} />
    </Suspense>
  );
}
