import { makeStyles, shorthands, Text, tokens } from "@fluentui/react-components";
import { ArrowLeftRegular, FolderOpenRegular, FolderRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import type { CourseResources } from "../../../../contracts/course-program";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../../ui/States";
import { ClassroomResources } from "../../lesson/components/ClassroomResources";
import { useCourseContext } from "../courseContext";
import { lessonPath } from "../program/programRules";
import { useGetResourceGroupQuery, useGetResourcesQuery } from "../programApi";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
    listStyleType: "none",
    margin: 0,
    padding: 0,
  },
  card: {
    position: "relative",
    display: "flex",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalM,
    height: "100%",
    boxSizing: "border-box",
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    ...shorthands.border(tokens.strokeWidthThin, "solid", tokens.colorNeutralStroke2),
    ":hover": { boxShadow: tokens.shadow8 },
    ":focus-within": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  icon: { fontSize: "28px", color: tokens.colorBrandForeground1, flexShrink: 0 },
  cardBody: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, minWidth: 0 },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase400 },
  /** The whole card is the link's click target; the focus ring shows on the card. */
  stretchedLink: {
    color: tokens.colorNeutralForeground1,
    textDecoration: "none",
    ":focus-visible": { outlineStyle: "none" },
    "::after": { content: '""', position: "absolute", inset: 0 },
    ":hover": { textDecoration: "underline" },
  },
  meta: { color: tokens.colorNeutralForeground2 },
  back: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForegroundLink,
    alignSelf: "flex-start",
  },
  items: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  itemLink: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
  summary: { color: tokens.colorNeutralForeground2, margin: 0 },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
});

function Loading({ label }: { label: string }) {
  return (
    <div role="status">
      <BusyIndicator label={label} />
    </div>
  );
}

/**
 * The class's resources (spec §2 /course/{guid}/resources): one section per publication, its
 * groups (the units students can see) as cards leading to their items.
 */
export function ResourcesPage() {
  const styles = useStyles();
  const { t } = useTranslation("program");
  const { course, studentView } = useCourseContext();
  const { data, isLoading, isError, refetch } = useGetResourcesQuery(course.guid);
  if (isLoading) return <Loading label={t("resources.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.sections.length === 0) {
    return (
      <EmptyState
        icon={<FolderRegular />}
        title={t("resources.empty.title")}
        body={course.canEdit && !studentView ? t("resources.empty.editorBody") : t("resources.empty.studentBody")}
      />
    );
  }
  return (
    <div className={styles.page}>
      {data.sections.map((section) => (
        <ResourceSection key={section.guid} courseGuid={course.guid} section={section} />
      ))}
    </div>
  );
}

function ResourceSection({ courseGuid, section }: { courseGuid: string; section: CourseResources["sections"][number] }) {
  const styles = useStyles();
  const { t } = useTranslation("program");
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.heading}>
        {section.title}
      </h2>
      {section.groups.length === 0 ? (
        <Text as="p" className={styles.muted}>
          {t("resources.noGroups")}
        </Text>
      ) : (
        <ul className={styles.grid} aria-labelledby={titleId}>
          {section.groups.map((group) => (
            <li key={group.guid}>
              <article className={styles.card}>
                <FolderRegular className={styles.icon} aria-hidden="true" />
                <div className={styles.cardBody}>
                  <h3 className={styles.cardTitle}>
                    <Link to={`/course/${courseGuid}/resources/${section.guid}/${group.guid}`} className={styles.stretchedLink}>
                      {group.title}
                    </Link>
                  </h3>
                  <Text size={200} className={styles.meta}>
                    {t("resources.items", { count: group.itemCount })}
                  </Text>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One group's items (spec §2 /course/{guid}/resources/{idResourcesSection}/{idResourcesGroup}). */
export function ResourceGroupPage() {
  const styles = useStyles();
  const { t } = useTranslation("program");
  const { course } = useCourseContext();
  const { sectionGuid = "", groupGuid = "" } = useParams();
  const { data, isLoading, isError, refetch } = useGetResourceGroupQuery({ guid: course.guid, sectionGuid, groupGuid });
  const titleId = useId();
  const back = (
    <Link to={`/course/${course.guid}/resources`} className={styles.back}>
      <ArrowLeftRegular aria-hidden="true" />
      {t("resources.back")}
    </Link>
  );
  if (isLoading) return <Loading label={t("resources.loading")} />;
  if (isError || !data) {
    return (
      <div className={styles.page}>
        {back}
        <ErrorState onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      {back}
      <div>
        <h2 id={titleId} className={styles.heading}>
          {data.group.title}
        </h2>
        <Text className={styles.meta}>{data.section.title}</Text>
      </div>
      {data.items.length === 0 ? (
        <EmptyState icon={<FolderOpenRegular />} title={t("resources.group.empty")} />
      ) : (
        <ul className={styles.items} aria-labelledby={titleId}>
          {data.items.map((item) => (
            <li key={item.guid} className={styles.item}>
              <Link to={lessonPath(course.guid, data.group.guid, item.guid)} className={styles.itemLink}>
                {item.title}
              </Link>
              {item.summary ? (
                <Text as="p" size={200} className={styles.summary}>
                  {item.summary}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The class's classroom resources (spec §2 /course/{guid}/classroom-resources): materials teachers
 * keep at hand for the class, built with the lesson feature's library and upload pieces.
 */
export function ClassroomResourcesPage() {
  return <ClassroomResources />;
}
