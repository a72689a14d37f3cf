import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { DIAGNOSTIC_RULES } from "../../../contracts/analytics-base";
import type { Model } from "./model";
import { studentNameOf, useAnalyticsFormat, useAnalyticsStyles } from "./parts";

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  rule: { color: tokens.colorNeutralForeground2, margin: `0 0 ${tokens.spacingVerticalS}` },
});

/** Diagnostics with recommendations: KCs to teach again, students to group, reviews to schedule. */
export function DiagnosticsPanel({ model }: { model: Model }) {
  const styles = useStyles();
  const shared = useAnalyticsStyles();
  const { t } = useTranslation("analytics");
  const f = useAnalyticsFormat();
  const { reteach, groups, reviews } = model.data.diagnostics;
  const kcLabel = (code: string) => {
    const kc = model.kc.get(code);
    return kc ? t("diagnostics.kc", { name: f.kcName(kc.names, code), code }) : code;
  };
  const names = (guids: readonly string[]) => f.list(guids.map((g) => studentNameOf(model.student.get(g))));
  const section = (id: string, title: string, rule: string, items: string[], empty: string) => (
    <section className={shared.section} aria-labelledby={`diagnostics-${id}`}>
      <h2 id={`diagnostics-${id}`} className={shared.sectionTitle}>
        {title}
      </h2>
      <p className={styles.rule}>{rule}</p>
      {items.length === 0 ? (
        <Text as="p">{empty}</Text>
      ) : (
        <ul className={styles.list}>
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <>
      {section(
        "reteach",
        t("diagnostics.reteach.title"),
        t("diagnostics.reteach.rule", { share: f.percent(DIAGNOSTIC_RULES.reteach.lowShare), count: DIAGNOSTIC_RULES.reteach.minStudents }),
        reteach.map((r) => t("diagnostics.reteach.item", { kc: kcLabel(r.kc), low: f.integer(r.lowMastery), count: r.practised, share: f.percent(r.share), students: names(r.students) })),
        t("diagnostics.reteach.empty"),
      )}
      {section(
        "groups",
        t("diagnostics.groups.title"),
        t("diagnostics.groups.rule", { count: DIAGNOSTIC_RULES.group.minStudents }),
        groups.map((g, i) => t("diagnostics.groups.item", { n: i + 1, students: names(g.students), kcs: f.list(g.kcs.map(kcLabel)) })),
        t("diagnostics.groups.empty"),
      )}
      {section(
        "reviews",
        t("diagnostics.reviews.title"),
        t("diagnostics.reviews.rule", { count: DIAGNOSTIC_RULES.review.minStudents }),
        reviews.map((r) => t("diagnostics.reviews.item", { kc: kcLabel(r.kc), count: r.students.length, students: names(r.students) })),
        t("diagnostics.reviews.empty"),
      )}
    </>
  );
}
