import { Text } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LESSON_ADDABLE_TYPES } from "../../../../contracts/lessons-base";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";

/** new-content: the types a teacher can add now, each leading to its add form. */
export function NewContentPicker({ basePath, search }: { basePath: string; search: string }) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <div className={styles.titleRow}>
        <h2 id={titleId} className={styles.title}>
          {t("newContent.title")}
        </h2>
        <LinkButton to={`${basePath}${search}`} appearance="subtle">
          {t("add.cancel")}
        </LinkButton>
      </div>
      <Text as="p" className={styles.muted}>
        {t("newContent.intro")}
      </Text>
      <ul className={styles.typeGrid} aria-label={t("newContent.typesLabel")}>
        {LESSON_ADDABLE_TYPES.map((type) => (
          <li key={type}>
            <LinkButton
              to={`${basePath}/add/${type}${search}`}
              className={styles.typeCard}
              size="large"
              icon={<ContentTypeIcon type={type} />}
            >
              {t(`types.${type}`)}
            </LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
