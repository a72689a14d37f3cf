import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { STUDENT_VIEW, VIEW_PARAM } from "../courseContext";
import { COURSE_TABS } from "../courseTabs";

const useStyles = makeStyles({
  list: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    listStyle: "none",
    margin: 0,
    padding: 0,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    // A phone: one row that scrolls sideways instead of two or three rows above the page (ADR 0023).
    "@media (max-width: 480px)": { flexWrap: "nowrap", overflowX: "auto", scrollbarWidth: "thin" },
  },
  tab: {
    display: "inline-block",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    textDecoration: "none",
    borderBottom: "3px solid transparent",
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
    whiteSpace: "nowrap",
    "@media (max-width: 480px)": { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
    ":hover": { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: `var(--course-accent, ${tokens.colorCompoundBrandStroke})`,
  },
});

/**
 * The class's sections as links (each is its own URL). A teacher's "view as student" travels with
 * them, so switching tabs keeps the student view.
 */
export function CourseTabs({ guid, keepStudentView }: { guid: string; keepStudentView: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "common"]);
  const search = keepStudentView ? `?${VIEW_PARAM}=${STUDENT_VIEW}` : "";
  return (
    <nav aria-label={t("tabs.label")}>
      <ul className={styles.list}>
        {COURSE_TABS.map((tab) => (
          <li key={tab.id}>
            <NavLink
              to={{ pathname: `/course/${guid}${tab.path}`, search }}
              end={tab.path === ""}
              className={({ isActive }) => mergeClasses(styles.tab, isActive && styles.current)}
            >
              {t(tab.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
