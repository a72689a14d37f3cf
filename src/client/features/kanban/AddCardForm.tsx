import { Button, Field, Input } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { KANBAN_COLUMNS, KANBAN_LIMITS, type KanbanBoardRef, type KanbanColumn } from "../../../contracts/kanban-base";
import { errorKeyOf } from "../../app/apiResult";
import { SelectField } from "../../ui/Select";
import { useCreateKanbanCardMutation } from "./kanbanApi";
import { cardTextProblem, columnLabelKey } from "./kanbanRules";
import { useKanbanStyles } from "./kanbanStyles";

/** A personal card: its text and the column it goes into (at the end; dragging places it). */
/** `headingLevel`: its (visually hidden) heading's level where it sits in the page's outline. */
export function AddCardForm({ board, headingLevel = 3 }: { board: KanbanBoardRef; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const styles = useKanbanStyles();
  const { t } = useTranslation(["kanban", "errors"]);
  const headingId = useId();
  const [text, setText] = useState("");
  const [column, setColumn] = useState<KanbanColumn>("to_do");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [create, { isLoading }] = useCreateKanbanCardMutation();

  const submit = async () => {
    const wrong = cardTextProblem(text);
    if (wrong) {
      setProblem(wrong === "required" ? t("add.required") : t("add.tooLong", { max: KANBAN_LIMITS.cardTextMaxChars }));
      return;
    }
    setProblem(undefined);
    try {
      await create({ ...board, text: text.trim(), column }).unwrap();
      setText("");
    } catch (error) {
      const key = errorKeyOf(error);
      setProblem(key === "KANBAN_BOARD_FULL" || key === "NETWORK_ERROR" ? t(`errors:${key}`, { max: KANBAN_LIMITS.cardsPerBoard }) : t("add.failed"));
    }
  };

  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Heading id={headingId} className={styles.visuallyHidden}>
        {t("add.title")}
      </Heading>
      <Field className={styles.formText} label={t("add.text")} required validationMessage={problem} validationState={problem ? "error" : "none"}>
        <Input value={text} onChange={(_, data) => setText(data.value)} maxLength={KANBAN_LIMITS.cardTextMaxChars + 50} />
      </Field>
      <SelectField
        label={t("add.column")}
        value={column}
        onChange={(value) => setColumn(value as KanbanColumn)}
        options={KANBAN_COLUMNS.map((c) => ({ value: c, label: t(columnLabelKey(c)) }))}
      />
      <Button type="submit" appearance="primary" icon={<AddRegular />} disabled={isLoading}>
        {t("add.submit")}
      </Button>
    </form>
  );
}
