import {
  Badge,
  Button,
  Field,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Textarea,
} from "@fluentui/react-components";
import { MoreHorizontalRegular, NoteRegular, ReOrderDotsVerticalRegular } from "@fluentui/react-icons";
import { useState, type ButtonHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { KANBAN_COLUMNS, KANBAN_LIMITS, type KanbanCard, type KanbanColumn, type KanbanTaskCard } from "../../../contracts/kanban-base";
import { formatIso } from "../../i18n/format";
import { ContentTypeIcon } from "../lesson/components/ContentTypeIcon";
import { cardName, cardTextProblem, columnLabelKey } from "./kanbanRules";
import { useKanbanStyles } from "./kanbanStyles";

/** What a card's drag handle spreads (dnd-kit's activator, attributes and listeners). */
export type CardHandle = {
  activator: (element: HTMLElement | null) => void;
  attributes: ButtonHTMLAttributes<HTMLButtonElement>;
};

/** What a card may do where it is; absent on a read-only board. */
export type CardActions = {
  column: KanbanColumn;
  index: number;
  count: number;
  /** Up and down in the card's column. */
  onMove: (column: KanbanColumn, index: number) => void;
  /** To the end of another column. */
  onMoveToColumn: (column: KanbanColumn) => void;
  onSaveText: (text: string) => Promise<boolean>;
  onDelete: () => void;
};

export type KanbanCardViewProps = {
  card: KanbanCard;
  /** The class and lesson of a task (the board of all tasks). */
  showWhere: boolean;
  handle?: CardHandle;
  actions?: CardActions;
};

/** A due date as the reader's language writes it. */
export function useDueText(): (iso: string | null) => string {
  const { t, i18n } = useTranslation("kanban");
  return (iso) => (iso ? t("card.due", { date: formatIso(iso, i18n.language, { dateStyle: "medium", timeStyle: "short" }) }) : t("card.noDue"));
}

/** The marks of a task: its state, and late or overdue. */
export function TaskMarks({ state, late, overdue }: Pick<KanbanTaskCard, "state" | "late" | "overdue">) {
  const { t } = useTranslation("kanban");
  return (
    <>
      <Badge appearance="tint" color={state === "graded" ? "success" : state === "pending" ? "brand" : "informative"}>
        {t(`states.${state}`)}
      </Badge>
      {late ? (
        <Badge appearance="tint" color="warning">
          {t("card.late")}
        </Badge>
      ) : null}
      {overdue ? (
        <Badge appearance="tint" color="danger">
          {t("card.overdue")}
        </Badge>
      ) : null}
    </>
  );
}

/** One card: a task (opens on /tasks) or a personal note, with its handle and its actions menu. */
export function KanbanCardView({ card, showWhere, handle, actions }: KanbanCardViewProps) {
  const styles = useKanbanStyles();
  const { t } = useTranslation(["kanban", "lesson"]);
  const dueText = useDueText();
  const [editing, setEditing] = useState(false);
  const name = cardName(card);

  return (
    <div className={styles.card} data-card={`${card.kind}:${card.guid}`}>
      {handle ? <DragHandle activator={handle.activator} attributes={handle.attributes} name={name} /> : null}
      <div className={styles.cardBody}>
        {card.kind === "job" ? (
          <>
            <Link className={styles.cardTitle} to={`/tasks?job=${card.guid}`}>
              {card.title}
            </Link>
            <span className={styles.cardMeta}>
              <ContentTypeIcon type={card.contentType} />
              <span>{t(`lesson:types.${card.contentType}`)}</span>
            </span>
            {showWhere ? (
              <span className={styles.cardMeta}>
                {card.course.name} · {card.lesson.title}
              </span>
            ) : null}
            <span className={styles.cardMeta}>{dueText(card.dueAt)}</span>
            <span className={styles.cardMeta}>
              <TaskMarks state={card.state} late={card.late} overdue={card.overdue} />
            </span>
          </>
        ) : editing && actions ? (
          <EditCardText
            text={card.text}
            onCancel={() => setEditing(false)}
            onSave={async (text) => {
              if (await actions.onSaveText(text)) setEditing(false);
            }}
          />
        ) : (
          <>
            <span className={styles.cardMeta}>
              <NoteRegular aria-hidden="true" />
              <span>{t("card.personal")}</span>
            </span>
            <span>{card.text}</span>
          </>
        )}
      </div>
      {actions && !editing ? <CardMenu card={card} name={name} actions={actions} onEdit={() => setEditing(true)} /> : null}
    </div>
  );
}

/** The handle a card is dragged by (mouse, touch, or space and the arrow keys). */
function DragHandle({ activator, attributes, name }: CardHandle & { name: string }) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  return (
    <Button
      ref={activator}
      {...attributes}
      className={styles.handle}
      appearance="transparent"
      size="small"
      icon={<ReOrderDotsVerticalRegular />}
      aria-label={t("card.dragHandle", { name })}
    />
  );
}

/** The non-drag way to move (touch, switch and screen-reader users) and the personal card's edit and delete. */
function CardMenu({ card, name, actions, onEdit }: { card: KanbanCard; name: string; actions: CardActions; onEdit: () => void }) {
  const { t } = useTranslation("kanban");
  const others = KANBAN_COLUMNS.filter((c) => c !== actions.column);
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t("card.actions", { name })} data-card-actions="" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t("card.moveTo")}</MenuGroupHeader>
            {others.map((column) => (
              <MenuItem key={column} onClick={() => actions.onMoveToColumn(column)}>
                {t(columnLabelKey(column))}
              </MenuItem>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuItem disabled={actions.index === 0} onClick={() => actions.onMove(actions.column, actions.index - 1)}>
            {t("card.moveUp")}
          </MenuItem>
          <MenuItem disabled={actions.index >= actions.count - 1} onClick={() => actions.onMove(actions.column, actions.index + 1)}>
            {t("card.moveDown")}
          </MenuItem>
          {card.kind === "card" ? (
            <>
              <MenuDivider />
              <MenuItem onClick={onEdit}>{t("card.edit")}</MenuItem>
              <MenuItem onClick={actions.onDelete}>{t("card.delete")}</MenuItem>
            </>
          ) : null}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function EditCardText({ text, onSave, onCancel }: { text: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const styles = useKanbanStyles();
  const { t } = useTranslation("kanban");
  const [value, setValue] = useState(text);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = async () => {
    const wrong = cardTextProblem(value);
    if (wrong) {
      setProblem(wrong === "required" ? t("add.required") : t("add.tooLong", { max: KANBAN_LIMITS.cardTextMaxChars }));
      return;
    }
    setBusy(true);
    await onSave(value.trim());
    setBusy(false);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label={t("edit.label")} validationMessage={problem} validationState={problem ? "error" : "none"}>
        <Textarea value={value} onChange={(_, data) => setValue(data.value)} resize="vertical" autoFocus />
      </Field>
      <div className={styles.editActions}>
        <Button type="submit" appearance="primary" size="small" disabled={busy}>
          {t("edit.save")}
        </Button>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {t("edit.cancel")}
        </Button>
      </div>
    </form>
  );
}
