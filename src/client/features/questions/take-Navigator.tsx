import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Filled, Circle16Regular, ErrorCircle16Filled } from "@fluentui/react-icons";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const useStyles = makeStyles({
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    // On a phone the numbers are one row that scrolls sideways, so the question comes first.
    "@media (max-width: 600px)": { flexWrap: "nowrap", overflowX: "auto", paddingBlock: tokens.spacingVerticalXXS },
  },
  item: { flexShrink: 0 },
  button: { minWidth: "56px", gap: tokens.spacingHorizontalXXS },
  current: { textDecorationLine: "underline", textDecorationThickness: "2px", textUnderlineOffset: "3px" },
});

export type NavigatorItem = { guid: string; answered: boolean; failed: boolean };

/**
 * One button per question: its number and a mark (filled check: answered, ring: not yet, error
 * sign: not saved), said in words in its name; the current one is aria-current and underlined.
 */
export function QuestionNavigator({ items, current, onGo }: { items: readonly NavigatorItem[]; current: number; onGo: (n: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const listRef = useRef<HTMLOListElement>(null);
  const currentRef = useRef<HTMLButtonElement>(null);
  // In the one-row strip, keep the current question's number in sight (sideways only: the page
  // itself does not move).
  useEffect(() => {
    const list = listRef.current;
    const button = currentRef.current;
    if (!list || !button || list.scrollWidth <= list.clientWidth) return;
    const l = list.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    if (b.left < l.left || b.right > l.right) list.scrollLeft += b.left - l.left - (l.width - b.width) / 2;
  }, [current]);
  return (
    <nav aria-label={t("take.nav.label")}>
      <ol ref={listRef} className={styles.list}>
        {items.map((item, i) => {
          const number = i + 1;
          const isCurrent = number === current;
          const state = item.failed ? "failed" : item.answered ? "answered" : "unanswered";
          const icon =
            state === "failed" ? <ErrorCircle16Filled aria-hidden /> : state === "answered" ? <CheckmarkCircle16Filled aria-hidden /> : <Circle16Regular aria-hidden />;
          return (
            <li key={item.guid} className={styles.item}>
              <Button
                ref={isCurrent ? currentRef : undefined}
                className={mergeClasses(styles.button, isCurrent && styles.current)}
                appearance={isCurrent ? "primary" : "secondary"}
                aria-current={isCurrent ? "step" : undefined}
                aria-label={t(`take.nav.${state}`, { number })}
                icon={icon}
                onClick={() => onGo(number)}
              >
                {number}
              </Button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
