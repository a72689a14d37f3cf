import { Field, makeStyles, Select, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { isQuestionType, QUESTION_TYPE_CODES } from "../../../../contracts/questions-base";
import type { QuestionType } from "../../../../contracts/questions";

/* What /lemon-test and /answer-test share: the page layout, the type select and JSON paths as written. */

export const useTestPageStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, maxWidth: "80rem" },
  layout: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
    gap: tokens.spacingHorizontalXXL,
    alignItems: "start",
    "@media (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  column: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace },
  json: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
  },
  issues: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap", alignItems: "center" },
  box: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
});

/** A question type, by code and name. */
export function TypeSelect({ value, onChange }: { value: QuestionType; onChange: (type: QuestionType) => void }) {
  const { t } = useTranslation("questions");
  return (
    <Field label={t("authoring.test.type")}>
      <Select
        value={value}
        onChange={(_, data) => {
          if (isQuestionType(data.value)) onChange(data.value);
        }}
      >
        {QUESTION_TYPE_CODES.map((type) => (
          <option key={type} value={type}>
            {`${type} · ${t(`authoring.types.${type}.name`)}`}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A path as the JSON is written: choices[1].text (empty for the whole value). */
export const jsonPath = (path: readonly PropertyKey[]): string =>
  path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`)).join("");
