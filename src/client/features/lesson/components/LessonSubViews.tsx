import { Button, Spinner, Text } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, FullScreenMaximizeRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import type { LessonItem } from "../../../../contracts/lessons";
import { EmptyState } from "../../../ui/States";
import { useGetLessonItemQuery } from "../lessonApi";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { ItemSettingsForm } from "./ItemSettingsForm";
import { LessonContentView } from "./LessonContentView";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";

/** What every sub-view of the lesson page knows. */
export type LessonViewProps = { courseGuid: string; items: readonly LessonItem[]; basePath: string; search: string };

function BackToLesson({ basePath, search }: { basePath: string; search: string }) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  return (
    <LinkButton to={`${basePath}${search}`} appearance="subtle" icon={<ArrowLeftRegular />} className={styles.back}>
      {t("viewer.back")}
    </LinkButton>
  );
}

/** One item's content, with its title and the full-screen link. */
function ItemViewer({ courseGuid, item, contentGuid, basePath, search }: Omit<LessonViewProps, "items"> & { item?: LessonItem; contentGuid: string }) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const titleId = useId();
  return (
    <div className={styles.viewer}>
      <BackToLesson basePath={basePath} search={search} />
      {item ? (
        <div className={styles.titleRow}>
          <span className={styles.icon}>
            <ContentTypeIcon type={item.content.type} />
          </span>
          <h3 id={titleId} className={styles.title}>
            {item.title}
          </h3>
          <LinkButton to={`/single-activity/${courseGuid}/${item.guid}/${contentGuid}`} icon={<FullScreenMaximizeRegular />}>
            {t("items.fullScreen")}
          </LinkButton>
        </div>
      ) : null}
      <LessonContentView key={contentGuid} courseGuid={courseGuid} contentGuid={contentGuid} allowDownload={item?.settings.allowDownload} />
    </div>
  );
}

/** content/{contentGuid}: the inline viewer. */
export function ContentRoute(props: LessonViewProps) {
  const { contentGuid = "" } = useParams();
  const item = props.items.find((i) => i.content.guid === contentGuid);
  return <ItemViewer {...props} item={item} contentGuid={contentGuid} />;
}

/** resource/{itemGuid}: the same viewer, reached by the item. */
export function ResourceRoute(props: LessonViewProps) {
  const { t } = useTranslation("lesson");
  const { itemGuid = "" } = useParams();
  const item = props.items.find((i) => i.guid === itemGuid);
  if (!item) {
    return (
      <>
        <BackToLesson basePath={props.basePath} search={props.search} />
        <EmptyState title={t("viewer.notFound")} />
      </>
    );
  }
  return <ItemViewer {...props} item={item} contentGuid={item.content.guid} />;
}

/** edit/{itemGuid}: the item's title and settings with every status action. */
export function EditRoute(props: LessonViewProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const navigate = useNavigate();
  const { itemGuid = "" } = useParams();
  const listed = props.items.find((i) => i.guid === itemGuid);
  // Normally in the lesson's list already; otherwise asked for on its own.
  const { data: fetched, isLoading } = useGetLessonItemQuery(itemGuid, { skip: listed !== undefined });
  const item = listed ?? fetched;
  const titleId = useId();
  const back = `${props.basePath}${props.search}`;
  if (!item) {
    return (
      <>
        <BackToLesson basePath={props.basePath} search={props.search} />
        {isLoading ? <Spinner label={t("edit.loading")} /> : <EmptyState title={t("viewer.notFound")} />}
      </>
    );
  }
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <BackToLesson basePath={props.basePath} search={props.search} />
      <div className={styles.titleRow}>
        <span className={styles.icon}>
          <ContentTypeIcon type={item.content.type} />
        </span>
        <h3 id={titleId} className={styles.title}>
          {t("edit.title", { title: item.title })}
        </h3>
        <Text className={styles.muted}>{t(`types.${item.content.type}`)}</Text>
      </div>
      <ItemSettingsForm key={item.guid} item={item} showTitle onDeleted={() => navigate(back)} />
    </section>
  );
}

/**
 * session/{sessionId}: the lesson as run in a class session. The published items in order, read
 * only, the current one open, and Previous / Next.
 */
export function SessionRoute(props: LessonViewProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const titleId = useId();
  const items = props.items.filter((i) => i.status === "published" && !i.content.deleted);
  const [index, setIndex] = useState(0);
  const current = items[Math.min(index, items.length - 1)];
  const at = current ? items.indexOf(current) : 0;
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <BackToLesson basePath={props.basePath} search={props.search} />
      <h3 id={titleId} className={styles.title}>
        {t("session.title")}
      </h3>
      {!current ? (
        <EmptyState title={t("session.empty")} />
      ) : (
        <div className={styles.body}>
          <ol className={styles.list} aria-label={t("session.itemsLabel")}>
            {items.map((item, i) => (
              <li key={item.guid}>
                <Button
                  appearance={i === at ? "primary" : "subtle"}
                  aria-current={i === at ? "step" : undefined}
                  icon={<ContentTypeIcon type={item.content.type} />}
                  onClick={() => setIndex(i)}
                >
                  {item.title}
                </Button>
              </li>
            ))}
          </ol>
          <div className={styles.main}>
            <div className={styles.nav}>
              <Button icon={<ArrowLeftRegular />} disabled={at === 0} onClick={() => setIndex(at - 1)}>
                {t("session.previous")}
              </Button>
              <Text role="status">{t("session.position", { position: at + 1, total: items.length })}</Text>
              <Button icon={<ArrowRightRegular />} iconPosition="after" disabled={at === items.length - 1} onClick={() => setIndex(at + 1)}>
                {t("session.next")}
              </Button>
            </div>
            <h4 className={styles.rowTitle}>{current.title}</h4>
            <LessonContentView
              key={current.content.guid}
              courseGuid={props.courseGuid}
              contentGuid={current.content.guid}
              allowDownload={current.settings.allowDownload}
            />
          </div>
        </div>
      )}
    </section>
  );
}
