import { Badge, Card, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ChatCard } from "../../../contracts/chatbot-base";
import { RouterLink } from "../../ui/RouterLink";
import { TOOL_LOOK } from "../ai-tools/toolLook";
import { DiagramCard } from "./DiagramCard";

/*
 * The cards of an answer (issue 17; spec §2): a student's unit recommendations (unit titles and
 * their lessons in order, each with the learner model's reasons; 'no recommendations' when there
 * are none) and teacher tool cards (title, description, icon, category; an unavailable tool is
 * shown disabled and is not a link), and diagrams (DiagramCard). Their words are the practice and teacher tools' own, so the
 * panel loads those namespaces when it opens (ChatPanel).
 */

export const CARD_NAMESPACES = ["chatbot", "practice", "aiTools"] as const;

const useStyles = makeStyles({
  cards: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  unit: { margin: `${tokens.spacingVerticalXS} 0 0`, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  units: { listStyleType: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  lessons: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  lesson: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalXS },
  tool: { display: "grid", gridTemplateColumns: "auto 1fr", columnGap: tokens.spacingHorizontalM, alignItems: "start" },
  icon: { fontSize: "28px" },
  muted: { color: tokens.colorNeutralForeground3 },
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  line: { margin: 0 },
});

function RecommendationsCard({ card }: { card: Extract<ChatCard, { kind: "recommendations" }> }) {
  const styles = useStyles();
  const { t } = useTranslation("practice");
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t("units.label")}
      </h3>
      {card.units.length === 0 ? (
        <Text as="p">{t("units.none")}</Text>
      ) : (
        <ul className={styles.units}>
          {card.units.map((unit) => (
            <li key={unit.unitGuid}>
              <h4 className={styles.unit}>{unit.title}</h4>
              {unit.lessons.length === 0 ? (
                <Text as="p" size={200}>
                  {t("units.noLessons")}
                </Text>
              ) : (
                <ol className={styles.lessons}>
                  {unit.lessons.map((lesson) => (
                    <li key={lesson.lessonGuid}>
                      <span className={styles.lesson}>
                        <RouterLink to={lesson.link}>{lesson.title}</RouterLink>
                        {lesson.alertReasons.map((reason) => (
                          <Badge key={reason} size="small" appearance="tint" color={reason === "review_needed" ? "warning" : "danger"}>
                            {t(`units.reason.${reason}`)}
                          </Badge>
                        ))}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ToolCard({ card }: { card: Extract<ChatCard, { kind: "tool" }> }) {
  const styles = useStyles();
  const { t } = useTranslation("aiTools");
  const { t: tc } = useTranslation("chatbot");
  const look = TOOL_LOOK[card.tool];
  const Icon = look.icon;
  const title = t(`tools.${card.tool}.title`);
  return (
    <Card aria-disabled={card.available ? undefined : true}>
      <div className={styles.tool}>
        <Icon aria-hidden className={styles.icon} style={{ color: card.available ? look.color : undefined }} />
        <div>
          <Text as="p" weight="semibold" className={mergeClasses(styles.line, !card.available && styles.disabled)}>
            {card.available ? <RouterLink to={card.link}>{title}</RouterLink> : title}
          </Text>
          <Text as="p" size={200} className={mergeClasses(styles.line, !card.available && styles.disabled)}>
            {t(`tools.${card.tool}.description`)}
          </Text>
          <Text size={200} className={styles.muted}>
            {t(`categories.${card.category}`)}
            {card.available ? null : ` · ${tc("cards.toolUnavailable")}`}
          </Text>
        </div>
      </div>
    </Card>
  );
}

/** An answer's cards, in the order they came. */
export function ChatCards({ cards }: { cards: readonly ChatCard[] }) {
  const styles = useStyles();
  if (cards.length === 0) return null;
  return (
    <div className={styles.cards}>
      {cards.map((card, i) =>
        card.kind === "recommendations" ? (
          <RecommendationsCard key={`r-${card.courseGuid}-${i}`} card={card} />
        ) : card.kind === "tool" ? (
          <ToolCard key={`t-${card.tool}`} card={card} />
        ) : (
          <DiagramCard key={`d-${i}`} title={card.title} code={card.code} />
        ),
      )}
    </div>
  );
}
