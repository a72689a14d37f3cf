import { Badge, Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, tokens } from "@fluentui/react-components";
import { AddRegular, BookOpenRegular, KeyRegular, LayerRegular, LockClosedRegular, OpenRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ASSESSMENT_TYPE } from "../../../contracts/lessons-base";
import type { PublicationPreviewContent, PublicationPreviewLesson } from "../../../contracts/publication-preview";
import { errorKeyOf } from "../../app/apiResult";
import { AppPageHeader } from "../../app/AppPageHeader";
import { educationName } from "../../i18n/education";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../ui/States";
import { ContentTypeIcon } from "../lesson/components/ContentTypeIcon";
import { LinkButton } from "../lesson/components/LinkButton";
import { useGetPublicationPreviewQuery } from "./publicationApi";

/** Only opened on demand, so not part of the page's first load. */
const AddToClassDialog = lazy(() =>
  import(/* webpackChunkName: "add-to-class-dialog" */ "./AddToClassDialog").then((m) => ({ default: m.AddToClassDialog })),
);

const useStyles = makeStyles({
  facts: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  description: { margin: `0 0 ${tokens.spacingVerticalL}`, maxWidth: "70ch" },
  locked: { marginBottom: tokens.spacingVerticalL },
  units: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL, margin: 0, padding: 0, listStyleType: "none" },
  unit: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  unitTitle: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  lessons: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  lessonTitle: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  summary: { margin: `${tokens.spacingVerticalXS} 0`, color: tokens.colorNeutralForeground2 },
  contents: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: "none" },
  content: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: tokens.spacingHorizontalS, minHeight: "32px" },
  contentTitle: { flexGrow: 1, minWidth: "12rem" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Where a content opens: assessments and questions on the projection screen, everything else in the viewer. */
export function contentPreviewPath(content: PublicationPreviewContent & { guid: string }): string {
  if (content.type === ASSESSMENT_TYPE) return `/projection/test/${content.guid}`;
  if (content.type === "CTTY_19") return `/projection/question/${content.guid}`;
  return `/viewer/${content.guid}`;
}

function ContentRow({ content }: { content: PublicationPreviewContent }) {
  const styles = useStyles();
  const { t } = useTranslation(["home", "lesson"]);
  const { guid } = content;
  return (
    <li className={styles.content}>
      <ContentTypeIcon type={content.type} />
      <span className={styles.contentTitle}>
        {content.title} <span className={styles.muted}>· {t(`lesson:types.${content.type}`)}</span>
      </span>
      {guid ? (
        <LinkButton to={contentPreviewPath({ ...content, guid })} size="small" icon={<OpenRegular />} aria-label={t("preview.openLabel", { title: content.title })}>
          {t("preview.open")}
        </LinkButton>
      ) : (
        <Badge appearance="outline" color="informative" icon={<LockClosedRegular />}>
          {t("preview.needsLicence")}
        </Badge>
      )}
    </li>
  );
}

function LessonItem({ lesson }: { lesson: PublicationPreviewLesson }) {
  const styles = useStyles();
  const { t } = useTranslation("home");
  return (
    <li>
      <h3 className={styles.lessonTitle}>{lesson.title}</h3>
      {lesson.summary ? <p className={styles.summary}>{lesson.summary}</p> : null}
      {lesson.contents.length === 0 ? (
        <Text className={styles.muted}>{t("preview.lessonEmpty")}</Text>
      ) : (
        <ul className={styles.contents} aria-label={t("preview.contentsLabel", { title: lesson.title })}>
          {lesson.contents.map((c, i) => (
            <ContentRow key={c.guid ?? `${lesson.guid}-${i}`} content={c} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * /publication/:guid: a program or book as its publisher made it, opened from the home Programs
 * tab, so a teacher can look inside before adding it to a class (ADR 0023). Without the licence a
 * licensed one needs, its units and lessons show but its contents do not open.
 */
export function PublicationPreviewPage() {
  const styles = useStyles();
  const { t } = useTranslation(["home", "common"]);
  const { guid = "" } = useParams();
  const { data: p, error, isLoading, refetch } = useGetPublicationPreviewQuery(guid);
  const [adding, setAdding] = useState(false);

  if (isLoading) {
    return (
      <div role="status">
        <BusyIndicator label={t("preview.loading")} />
      </div>
    );
  }
  if (!p) {
    const key = errorKeyOf(error);
    if (key === "NOT_FOUND" || key === "VALIDATION_ERROR" || key === "FORBIDDEN") {
      return <EmptyState icon={<BookOpenRegular />} title={t("preview.unavailable.title")} body={t("preview.unavailable.body")} />;
    }
    return <ErrorState onRetry={() => void refetch()} />;
  }

  const meta = [educationName(p.educationYear, t), p.discipline ? t(`disciplines.${p.discipline}`) : null].filter(Boolean).join(" · ");
  return (
    <>
      <AppPageHeader
        title={p.title}
        subtitle={meta || undefined}
        actions={
          p.canAddToClass ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
              {t("preview.addToClass")}
            </Button>
          ) : undefined
        }
      />
      <div className={styles.facts}>
        <Badge appearance="tint" color={p.kind === "program" ? "brand" : "informative"} icon={p.kind === "program" ? <LayerRegular /> : <BookOpenRegular />}>
          {t(`publication.kinds.${p.kind}`)}
        </Badge>
        {p.access === "licensed" ? (
          <Badge appearance="outline" color="important" icon={<KeyRegular />}>
            {t("search.licensed")}
          </Badge>
        ) : null}
        <Text size={200}>{t("publication.units", { count: p.units.length })}</Text>
      </div>
      {p.description ? <p className={styles.description}>{p.description}</p> : null}
      {p.contentsLocked ? (
        <MessageBar intent="warning" layout="multiline" className={styles.locked}>
          <MessageBarBody>
            <MessageBarTitle>{t("preview.locked.title")}</MessageBarTitle>
            {t("preview.locked.body")}
          </MessageBarBody>
          <MessageBarActions>
            <LinkButton to="/license">{t("preview.locked.action")}</LinkButton>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <ol className={styles.units} aria-label={t("preview.units")}>
        {p.units.map((unit) => (
          <li key={unit.guid} className={styles.unit}>
            <h2 className={styles.unitTitle}>{unit.title}</h2>
            {unit.lessons.length === 0 ? (
              <Text className={styles.muted}>{t("preview.unitEmpty")}</Text>
            ) : (
              <ol className={styles.lessons}>
                {unit.lessons.map((lesson) => (
                  <LessonItem key={lesson.guid} lesson={lesson} />
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {adding ? (
        <Suspense fallback={null}>
          <AddToClassDialog publication={p} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
