import { Button, makeStyles, mergeClasses, ToggleButton, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Regular, Circle16Regular, Dismiss16Regular } from "@fluentui/react-icons";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StudentItem } from "../../../../contracts/student-questions";
import { groupName, isInteractive, itemName, StaticChip } from "./dnd-board";
import { LinkBoard, type BoardLink } from "./dnd-lines";
import { useDndStyles } from "./dnd-styles";
import { MathText } from "./MathText";
import { ItemContent, partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";
import { useAnswerCaption } from "./review-owner";

/*
 * Linking lines (QT_16): two columns; the student links items by choosing one in a column and then
 * one in the other (toggle buttons, so it works the same with the keyboard); choosing a linked pair
 * again removes its line. Many to many. Lines are drawn as SVG (decorative) and listed as text,
 * each with a remove button. Answer: { links: [{ leftId, rightId }] }.
 */

type Props = QuestionViewProps<"QT_16">;
type Link = { leftId: string; rightId: string };
type Side = "left" | "right";

const useStyles = makeStyles({
  item: { width: "100%", height: "auto", minHeight: "40px", justifyContent: "flex-start", textAlign: "start" },
  /** The chosen item: pressed styling plus a thicker outline (aria-pressed says it to screen readers). */
  chosen: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, outlineOffset: "2px" },
  static: { width: "100%" },
  lines: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  line: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  status: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXXS },
});

export default function LinkingLinesView(props: Props) {
  return isInteractive(props.mode) ? <Answering {...props} /> : <ReadOnly {...props} />;
}

const sameLink = (a: Link, b: Link) => a.leftId === b.leftId && a.rightId === b.rightId;
const linkId = (l: Link) => `${l.leftId}:${l.rightId}`;

/** "2 — par": how a line reads, in the lists and in announcements. */
function useLineName(left: readonly StudentItem[], right: readonly StudentItem[]) {
  const { t } = useTranslation("questions");
  const nameIn = (items: readonly StudentItem[], id: string) => itemName(items.find((i) => i.id === id) ?? {});
  return (l: Link) => ({ left: nameIn(left, l.leftId), right: nameIn(right, l.rightId), text: t("dnd.link.line", { left: nameIn(left, l.leftId), right: nameIn(right, l.rightId) }) });
}

function Answering({ question, answer, onAnswer, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const own = useStyles();
  const { left, right } = question.data;
  const links = answer?.links ?? [];
  const [chosen, setChosen] = useState<{ side: Side; id: string } | null>(null);
  const [message, setMessage] = useState("");
  const linesRef = useRef<HTMLParagraphElement>(null);
  const lineName = useLineName(left, right);
  const announce = (next: string) => setMessage((previous) => (previous === next ? `${next}\u00a0` : next));

  const toggle = (link: Link) => {
    const exists = links.some((l) => sameLink(l, link));
    onAnswer?.({ links: exists ? links.filter((l) => !sameLink(l, link)) : [...links, link] });
    const name = lineName(link);
    announce(t(exists ? "dnd.link.removed" : "dnd.link.added", { left: name.left, right: name.right }));
  };
  const choose = (side: Side, item: StudentItem) => {
    if (chosen?.side === side && chosen.id === item.id) {
      setChosen(null);
      announce(t("dnd.link.unchosen", { item: itemName(item) }));
    } else if (chosen && chosen.side !== side) {
      toggle(side === "left" ? { leftId: item.id, rightId: chosen.id } : { leftId: chosen.id, rightId: item.id });
      setChosen(null);
    } else {
      setChosen({ side, id: item.id });
      announce(t("dnd.link.chosen", { item: itemName(item) }));
    }
  };
  const removeFromList = (link: Link) => {
    toggle(link);
    linesRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && chosen) {
      e.stopPropagation();
      setChosen(null);
      announce(t("dnd.link.cancelled"));
    }
  };

  const renderItem = (side: Side, item: StudentItem) => {
    const pressed = chosen?.side === side && chosen.id === item.id;
    return (
      <ToggleButton appearance="outline" checked={pressed} className={mergeClasses(own.item, pressed && own.chosen)} onClick={() => choose(side, item)}>
        <ItemContent item={item} />
      </ToggleButton>
    );
  };

  return (
    <div className={styles.root} role="group" aria-label={label} onKeyDown={onKeyDown}>
      <p className={styles.hint}>{t("dnd.link.hint")}</p>
      <LinkBoard
        left={left}
        right={right}
        links={links}
        leftLabel={groupName(label, t("dnd.link.left"))}
        rightLabel={groupName(label, t("dnd.link.right"))}
        renderItem={renderItem}
      />
      {/* Where focus goes when a line's remove button goes away. */}
      <p ref={linesRef} tabIndex={-1} className={styles.caption}>
        {t("dnd.link.lines")}
      </p>
      {links.length === 0 ? (
        <p className={styles.hint}>{t("dnd.link.noLines")}</p>
      ) : (
        <ul className={own.lines} aria-label={groupName(label, t("dnd.link.lines"))}>
          {links.map((link) => {
            const name = lineName(link);
            return (
              <li key={linkId(link)} className={own.line}>
                <MathText text={name.text} />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<Dismiss16Regular />}
                  aria-label={t("dnd.link.remove", { left: name.left, right: name.right })}
                  onClick={() => removeFromList(link)}
                >
                  {t("dnd.remove")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.srOnly} role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </div>
  );
}

function ReadOnly({ question, mode, answer, solution, parts, label }: Props) {
  const { t } = useTranslation("questions");
  const yourAnswer = useAnswerCaption();
  const styles = useDndStyles();
  const own = useStyles();
  const { left, right } = question.data;
  const review = mode === "review";
  const lineName = useLineName(left, right);
  const renderItem = (_side: Side, item: StudentItem) => (
    <StaticChip className={own.static}>
      <ItemContent item={item} />
    </StaticChip>
  );
  const board = (links: readonly BoardLink[], part: string) => (
    <LinkBoard
      left={left}
      right={right}
      links={links}
      leftLabel={groupName(`${label}, ${part}`, t("dnd.link.left"))}
      rightLabel={groupName(`${label}, ${part}`, t("dnd.link.right"))}
      renderItem={renderItem}
    />
  );
  const list = (links: readonly Link[], name: string, extra: (l: Link) => ReactNode) => (
    <ul className={own.lines} aria-label={name}>
      {links.map((link) => (
        <li key={linkId(link)} className={own.line}>
          <MathText text={lineName(link).text} />
          {extra(link)}
        </li>
      ))}
    </ul>
  );

  if (!review) {
    // Projection: the right lines when revealed, else whatever answer it was given (usually none).
    const shown = solution ? solution.links : (answer?.links ?? []);
    const part = solution ? t("review.correctAnswer") : t("dnd.link.lines");
    return (
      <div className={mergeClasses(styles.root, styles.large)} role="group" aria-label={label}>
        {solution && <p className={styles.caption}>{t("review.correctAnswer")}</p>}
        {board(shown, part)}
        {shown.length > 0 && list(shown, groupName(label, part), () => null)}
      </div>
    );
  }

  const drawn = answer?.links ?? [];
  const isDrawn = (l: Link) => drawn.some((d) => sameLink(d, l));
  return (
    <div className={styles.root} role="group" aria-label={label}>
      <p className={styles.caption}>{yourAnswer}</p>
      {board(
        drawn.map((l) => ({ ...l, dashed: partResult(parts, linkId(l)) === false })),
        yourAnswer,
      )}
      {drawn.length === 0 ? (
        <p>{t("review.noAnswer")}</p>
      ) : (
        list(drawn, groupName(label, yourAnswer), (l) => <ReviewMark correct={partResult(parts, linkId(l))} />)
      )}
      {solution && (
        <>
          <p className={styles.caption}>{t("review.correctAnswer")}</p>
          {board(solution.links, t("review.correctAnswer"))}
          {list(solution.links, groupName(label, t("review.correctAnswer")), (l) =>
            isDrawn(l) ? (
              <span className={own.status}>
                <CheckmarkCircle16Regular aria-hidden />
                {t("dnd.link.drawn")}
              </span>
            ) : (
              <span className={own.status}>
                <Circle16Regular aria-hidden />
                {t("dnd.link.missing")}
              </span>
            ),
          )}
        </>
      )}
    </div>
  );
}
