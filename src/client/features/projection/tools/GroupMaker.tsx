import { Button, Field, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import { PeopleTeamRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToolStudent } from "./StudentPicker";
import { clampField, makeGroups } from "./tools";

const useStyles = makeStyles({
  form: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  field: { width: "10rem" },
  groups: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  group: { padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** Splits the class's students into N random groups of near-equal size. */
export function GroupMaker({ students }: { students: ToolStudent[] }) {
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const [count, setCount] = useState("2");
  const [groups, setGroups] = useState<ToolStudent[][]>([]);
  const max = Math.max(1, students.length);

  return (
    <section aria-labelledby="tools-groups-title">
      <h2 id="tools-groups-title">{t("tools.groups.title")}</h2>
      {students.length === 0 ? (
        <Text as="p">{t("tools.picker.empty")}</Text>
      ) : (
        <>
          <div className={styles.form}>
            <Field label={t("tools.groups.count")} className={styles.field}>
              <Input type="number" inputMode="numeric" min={1} max={max} value={count} onChange={(_e, d) => setCount(d.value)} />
            </Field>
            <Button appearance="primary" icon={<PeopleTeamRegular />} onClick={() => setGroups(makeGroups(students, Math.max(1, clampField(count, max))))}>
              {t("tools.groups.make")}
            </Button>
          </div>
          <div className={styles.groups} aria-live="polite">
            {groups.map((group, i) => (
              <section key={group.map((s) => s.guid).join()} className={styles.group} aria-labelledby={`tools-group-${i}`}>
                <Text as="h3" id={`tools-group-${i}`} weight="semibold">
                  {t("tools.groups.group", { number: i + 1 })}
                </Text>
                <ul className={styles.list}>
                  {group.map((s) => (
                    <li key={s.guid}>{s.name}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
