import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useId, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHref, useLinkClickHandler } from "react-router-dom";
import { QUESTION_TYPE_CODES } from "../../../../contracts/questions-base";
import type { QuestionType } from "../../../../contracts/questions";
import { ModalDialog } from "../../../ui/ModalDialog";

/*
 * "Añadir pregunta": the 21 question types, each with its name and a line on what the student
 * does, as links (Tab and Enter, or a click) to the new-question editor of that type.
 */

const useStyles = makeStyles({
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))",
    gap: tokens.spacingHorizontalS,
  },
  card: {
    width: "100%",
    height: "100%",
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    justifyContent: "flex-start",
    textAlign: "start",
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
  },
  description: { fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
});

function TypeLink({ type, to }: { type: QuestionType; to: string }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const descriptionId = useId();
  const name = t(`authoring.types.${type}.name`);
  return (
    <Button
      as="a"
      href={href}
      appearance="outline"
      className={styles.card}
      aria-label={name}
      aria-describedby={descriptionId}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => onClick(e)}
    >
      <Text weight="semibold">{name}</Text>
      <Text size={200} id={descriptionId} className={styles.description}>
        {t(`authoring.types.${type}.description`)}
      </Text>
    </Button>
  );
}

export function TypePicker({ open, onClose, pathOf }: { open: boolean; onClose: () => void; pathOf: (type: QuestionType) => string }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  return (
    <ModalDialog open={open} onClose={onClose} title={t("authoring.picker.title")} size="xl">
      <Text as="p">{t("authoring.picker.intro")}</Text>
      <ul className={styles.list} aria-label={t("authoring.picker.listLabel")}>
        {QUESTION_TYPE_CODES.map((type) => (
          <li key={type}>
            <TypeLink type={type} to={pathOf(type)} />
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}
