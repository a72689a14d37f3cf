import { Badge, Button, Text } from "@fluentui/react-components";
import { ArrowResetRegular, EditRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProgramPublication } from "../../../../contracts/course-program";
import { useOpenedOnce } from "../components/useOpenedOnce";
import { ProgramUnitItem, type ProgramActions } from "./ProgramUnitItem";
import { useProgramStyles } from "./programStyles";
import { SortableList } from "./SortableList";

// Loaded and mounted the first time a teacher asks to reset (a closed Fluent dialog is not free: ConfirmDialog).
const ResetProgramDialog = lazy(() =>
  import(/* webpackChunkName: "reset-program-dialog" */ "./ResetProgramDialog").then((m) => ({ default: m.ResetProgramDialog })),
);

export type PublicationSectionProps = {
  courseGuid: string;
  publication: ProgramPublication;
  /** Show the "Personalised" label (teachers; not in the student view). */
  showPersonalised: boolean;
  actions: ProgramActions | undefined;
};

/** One publication of the class: its title, whether this class personalised it, and its units in order. */
export function PublicationSection({ courseGuid, publication, showPersonalised, actions }: PublicationSectionProps) {
  const styles = useProgramStyles();
  const { t } = useTranslation("program");
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const resetOpened = useOpenedOnce(confirming);
  const units = actions ? publication.units : publication.units.filter((u) => !u.hidden);
  const unitGuids = units.map((u) => u.guid);
  return (
    <section aria-labelledby={titleId} className={styles.publication}>
      <div className={styles.publicationHeader}>
        <h2 id={titleId} className={styles.publicationTitle}>
          {publication.title}
        </h2>
        {showPersonalised && publication.personalised ? (
          <Badge appearance="tint" color="brand" icon={<EditRegular />}>
            {t("personalised")}
          </Badge>
        ) : null}
        <span className={styles.spacer} />
        {actions && publication.personalised ? (
          <Button appearance="secondary" icon={<ArrowResetRegular />} onClick={() => setConfirming(true)}>
            {t("reset.button")}
          </Button>
        ) : null}
      </div>
      {units.length === 0 ? (
        <Text as="p" className={styles.empty}>
          {t("noUnits")}
        </Text>
      ) : (
        <SortableList
          items={units}
          label={t("unitsOf", { title: publication.title })}
          className={styles.list}
          sortable={Boolean(actions)}
          onReorder={(order) => actions?.reorder("units", publication.guid, order)}
          renderItem={(unit, i, handle) => (
            <ProgramUnitItem
              courseGuid={courseGuid}
              unit={unit}
              index={i}
              siblings={unitGuids}
              publicationGuid={publication.guid}
              handle={handle}
              actions={actions}
            />
          )}
        />
      )}
      {actions && resetOpened ? (
        <Suspense fallback={null}>
          <ResetProgramDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            courseGuid={courseGuid}
            publicationGuid={publication.guid}
            title={publication.title}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
