import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowResetRegular, PersonQuestionMarkRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { pickNext } from "./tools";

export type ToolStudent = { guid: string; name: string };

const useStyles = makeStyles({
  name: {
    minHeight: "1.2em",
    margin: `${tokens.spacingVerticalM} 0`,
    fontSize: "clamp(2.5rem, 8vw, 5rem)",
    lineHeight: 1.2,
    fontWeight: tokens.fontWeightBold,
    textAlign: "center",
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, justifyContent: "center", flexWrap: "wrap" },
  history: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, paddingLeft: 0, listStyle: "none" },
});

/** Random student picker: nobody is picked twice until everyone has been (then "Start again"). */
export function StudentPicker({ students }: { students: ToolStudent[] }) {
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const [picked, setPicked] = useState<string[]>([]);
  const current = picked.length ? students.find((s) => s.guid === picked[picked.length - 1]) : undefined;
  const left = students.length - picked.length;

  const pick = () => {
    const next = pickNext(students, picked);
    if (next) setPicked((p) => [...p, next.guid]);
  };

  return (
    <section aria-labelledby="tools-picker-title">
      <h2 id="tools-picker-title">{t("tools.picker.title")}</h2>
      {students.length === 0 ? (
        <Text as="p">{t("tools.picker.empty")}</Text>
      ) : (
        <>
          <p className={styles.name} aria-live="assertive" aria-atomic="true">
            {current ? current.name : ""}
          </p>
          <Text as="p" role="status">
            {left > 0 ? t("tools.picker.left", { count: left }) : t("tools.picker.allPicked")}
          </Text>
          <div className={styles.actions}>
            <Button size="large" appearance="primary" icon={<PersonQuestionMarkRegular />} onClick={pick} disabled={left === 0}>
              {t("tools.picker.pick")}
            </Button>
            <Button size="large" icon={<ArrowResetRegular />} onClick={() => setPicked([])} disabled={picked.length === 0}>
              {t("tools.picker.reset")}
            </Button>
          </div>
          {picked.length > 1 ? (
            <>
              <Text as="h3" weight="semibold">
                {t("tools.picker.history")}
              </Text>
              <ol className={styles.history} aria-label={t("tools.picker.history")}>
                {picked.slice(0, -1).map((guid) => (
                  <li key={guid}>{students.find((s) => s.guid === guid)?.name}</li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
