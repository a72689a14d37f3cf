import { Badge, Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular, ReOrderDotsVerticalRegular } from "@fluentui/react-icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssessmentDetail, QuestionFull } from "../../../../contracts/assessments";
import { readQuestionData } from "../../../../contracts/questions-base";
import { errorMessage } from "../../../ui/errors";
import { ConfirmDialog } from "../../course/components/ConfirmDialog";
import { moveGuid } from "../../course/program/programRules";
import { SortableList, type DragHandleProps } from "../../course/program/SortableList";
import { LinkButton } from "../../lesson/components/LinkButton";
import { useRemoveQuestionMutation, useUpdateAssessmentMutation } from "../assessmentsApi";
import { useAnnouncer } from "./author-editor-parts";
import { QuestionPreview } from "./author-preview";

/*
 * The assessment's questions in order, each with its preview, type, points and KCs. Editors
 * reorder them by dragging the handle (mouse, touch, or Space and the arrow keys, announced) or
 * with Subir / Bajar; each new order is saved at once (PUT questionGuids). Edit opens the question
 * editor; Eliminar asks first.
 */

const useStyles = makeStyles({
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  title: { margin: 0, flexGrow: 1 },
  meta: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap", color: tokens.colorNeutralForeground2 },
  kcs: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap", listStyleType: "none", margin: 0, padding: 0 },
  actions: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
  preview: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const snippet = (prompt: string) => (prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt);

export type QuestionListProps = { detail: AssessmentDetail; lessonBasePath: string; editable: boolean };

export function QuestionList({ detail, lessonBasePath, editable }: QuestionListProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { announce, region } = useAnnouncer();
  // A moved order not yet back from the server, and the server order it was moved from.
  const [pending, setPending] = useState<{ order: string[]; base: string } | null>(null);
  const [reorderError, setReorderError] = useState("");
  const [confirming, setConfirming] = useState<{ question: QuestionFull; n: number } | null>(null);
  const [deleteError, setDeleteError] = useState("");
  const [update] = useUpdateAssessmentMutation();
  const [remove, { isLoading: deleting }] = useRemoveQuestionMutation();
  const listRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);

  const serverOrder = useMemo(() => detail.questions.map((q) => q.guid).join(), [detail.questions]);
  // Once the server's order changes (the saved one arrived), the local one is no longer needed.
  const order = pending && pending.base === serverOrder ? pending.order : null;
  const questions = useMemo(() => {
    if (!order) return detail.questions;
    const byGuid = new Map(detail.questions.map((q) => [q.guid, q]));
    const ordered = order.flatMap((guid) => byGuid.get(guid) ?? []);
    return ordered.length === detail.questions.length ? ordered : detail.questions;
  }, [order, detail.questions]);
  const guids = questions.map((q) => q.guid);

  // A button move keeps focus on the button that was pressed, wherever its row went.
  useEffect(() => {
    if (!refocus.current) return;
    listRef.current?.querySelector<HTMLElement>(`[data-move="${refocus.current}"]`)?.focus();
    refocus.current = null;
  });

  const reorder = async (next: string[], moved: string) => {
    setPending({ order: next, base: serverOrder });
    setReorderError("");
    announce(t("authoring.overview.moved", { position: next.indexOf(moved) + 1, total: next.length }));
    try {
      await update({ guid: detail.guid, body: { questionGuids: next } }).unwrap();
    } catch (error) {
      setPending(null);
      setReorderError(`${t("authoring.overview.reorderFailed")} ${errorMessage(t, error)}`);
    }
  };
  const moveBy = (index: number, delta: -1 | 1) => {
    const to = index + delta;
    const guid = guids[index];
    if (to < 0 || to >= guids.length || guid === undefined) return;
    refocus.current = `${guid}-${delta < 0 ? "up" : "down"}`;
    void reorder(moveGuid(guids, index, to), guid);
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      await remove({ assessmentGuid: detail.guid, questionGuid: confirming.question.guid }).unwrap();
      announce(t("authoring.overview.deleted", { n: confirming.n }));
      setConfirming(null);
    } catch (error) {
      setDeleteError(errorMessage(t, error));
    }
  };

  if (questions.length === 0) return <Text as="p">{t("authoring.overview.noQuestions")}</Text>;

  const items = questions.map((q) => ({ guid: q.guid, title: snippet(q.prompt), question: q }));
  return (
    <div ref={listRef}>
      {reorderError ? (
        <MessageBar intent="error">
          <MessageBarBody>{reorderError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <SortableList
        items={items}
        label={t("authoring.overview.listLabel", { title: detail.title })}
        className={styles.list}
        sortable={editable}
        onReorder={(next) => {
          const movedGuid = next.find((guid, i) => guid !== guids[i]) ?? "";
          void reorder(next, movedGuid);
        }}
        renderItem={({ question }, index, handle) => (
          <QuestionCard
            question={question}
            index={index}
            count={items.length}
            handle={handle}
            editable={editable}
            editPath={`${lessonBasePath}/assessment/${detail.guid}/question/${question.guid}`}
            onMove={moveBy}
            onDelete={() => {
              setDeleteError("");
              setConfirming({ question, n: index + 1 });
            }}
          />
        )}
      />
      {region}
      <ConfirmDialog
        open={confirming !== null}
        title={t("authoring.overview.deleteTitle", { n: confirming?.n ?? 0 })}
        body={t("authoring.overview.deleteBody")}
        confirmLabel={t("authoring.overview.deleteConfirm")}
        busy={deleting}
        error={deleteError || undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

/** The handle a teacher drags a question by (mouse, touch, or Space and the arrow keys). */
function DragHandle({ label, activator, attributes }: { label: string } & Omit<DragHandleProps, "dragging">) {
  return <Button ref={activator} {...attributes} appearance="subtle" size="small" icon={<ReOrderDotsVerticalRegular />} aria-label={label} />;
}

type QuestionCardProps = {
  question: QuestionFull;
  index: number;
  count: number;
  handle: DragHandleProps | undefined;
  editable: boolean;
  editPath: string;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: () => void;
};

function QuestionCard({ question, index, count, handle, editable, editPath, onMove, onDelete }: QuestionCardProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const n = index + 1;
  const name = t("authoring.overview.question", { n });
  const parsed = useMemo(() => readQuestionData(question.type, question.question_data), [question.type, question.question_data]);
  return (
    <article className={styles.card} aria-label={name}>
      <div className={styles.head}>
        {handle ? <DragHandle label={t("authoring.overview.dragLabel", { n })} activator={handle.activator} attributes={handle.attributes} /> : null}
        <Text as="h4" size={400} weight="semibold" className={styles.title}>
          {name}
        </Text>
        {editable ? (
          <div className={styles.actions}>
            <LinkButton to={editPath} size="small" icon={<EditRegular />} aria-label={t("authoring.overview.editLabel", { n })}>
              {t("authoring.overview.edit")}
            </LinkButton>
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowUpRegular />}
              data-move={`${question.guid}-up`}
              aria-label={t("authoring.overview.moveUpLabel", { n })}
              disabledFocusable={index === 0}
              onClick={() => onMove(index, -1)}
            >
              {t("authoring.overview.moveUp")}
            </Button>
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowDownRegular />}
              data-move={`${question.guid}-down`}
              aria-label={t("authoring.overview.moveDownLabel", { n })}
              disabledFocusable={index === count - 1}
              onClick={() => onMove(index, 1)}
            >
              {t("authoring.overview.moveDown")}
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t("authoring.overview.deleteLabel", { n })} onClick={onDelete}>
              {t("authoring.overview.delete")}
            </Button>
          </div>
        ) : null}
      </div>
      <div className={styles.meta}>
        <Badge appearance="tint" color="brand">
          {t(`authoring.types.${question.type}.name`)}
        </Badge>
        <Text>{t("authoring.overview.points", { points: question.points })}</Text>
        {question.kcs.length > 0 ? (
          <>
            <Text>{t("authoring.overview.kcs")}</Text>
            <ul className={styles.kcs}>
              {question.kcs.map((kc) => (
                <li key={kc}>
                  <Badge appearance="outline">{kc}</Badge>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <div className={styles.preview}>
        {parsed.ok ? (
          <QuestionPreview type={question.type} data={parsed.data} seed={question.guid} prompt={question.prompt} media={question.media} points={question.points} label={name} />
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>{t("authoring.overview.invalidData")}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </article>
  );
}
