import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";

// The student's own card, shared with the class page (practice's chunk; its strings come with this route).
const UnitRecommendationsCard = lazy(() =>
  import(/* webpackChunkName: "practice-cards" */ "../practice/UnitRecommendationsCard").then((m) => ({ default: m.UnitRecommendationsCard })),
);

/** The lessons one student should revisit (unit recommendations), opened from their row of the heat map. */
export function StudentLessonsDialog({ classGuid, student, name, onClose }: { classGuid: string; student: string; name: string; onClose: () => void }) {
  const { t } = useTranslation("analytics");
  return (
    <ModalDialog open onClose={onClose} title={t("heatmap.lessonsTitle", { student: name })} size="xl">
      <Suspense fallback={<Spinner label={t("loading")} />}>
        <UnitRecommendationsCard courseGuid={classGuid} studentGuid={student} title={null} />
      </Suspense>
    </ModalDialog>
  );
}
