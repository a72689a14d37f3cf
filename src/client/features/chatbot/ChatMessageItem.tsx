import { Button, Link, makeStyles, mergeClasses, Spinner, Text, tokens, Tooltip } from "@fluentui/react-components";
import { Speaker2Regular, StopRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_LIMITS, type ChatMessageView, type ChatSource, type ChatStep } from "../../../contracts/chatbot-base";
import { RouterLink } from "../../ui/RouterLink";
import type { PendingAnswer } from "./chatbotSlice";
import { ChatCards } from "./ChatCards";
import { ChatText } from "./ChatText";
import type { ReadAloudError, ReadAloudPhase } from "./useReadAloud";

const useStyles = makeStyles({
  item: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, maxWidth: "92%" },
  user: {
    alignSelf: "flex-end",
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  assistant: { alignSelf: "flex-start" },
  who: { color: tokens.colorNeutralForeground3 },
  body: { "& p": { margin: `${tokens.spacingVerticalXS} 0` }, "& ul, & ol": { margin: 0, paddingInlineStart: "20px" }, overflowWrap: "anywhere" },
  note: { color: tokens.colorNeutralForeground2, fontStyle: "italic", margin: 0 },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  sources: { margin: 0, paddingInlineStart: "20px", display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  excerpt: { display: "block", color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  image: { display: "block", maxWidth: "100%", maxHeight: "200px", borderRadius: tokens.borderRadiusMedium, marginTop: tokens.spacingVerticalXS },
  site: { color: tokens.colorNeutralForeground3 },
});

/** This message's read-aloud: its phase (spec §4), its last error, and the button's action. */
export type MessageReadAloud = { phase: ReadAloudPhase; error: ReadAloudError | null; onToggle: () => void };

/** Spec §4: the message's read-aloud button (listen, or stop while loading or playing) and its error. */
function ReadAloudButton({ readAloud }: { readAloud: MessageReadAloud }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const label = readAloud.phase === "playing" ? t("readAloud.stop") : readAloud.phase === "loading" ? t("readAloud.loading") : t("readAloud.play");
  return (
    <div className={styles.actions}>
      <Tooltip content={label} relationship="label">
        <Button
          appearance="subtle"
          size="small"
          aria-pressed={readAloud.phase !== "idle"}
          icon={readAloud.phase === "loading" ? <Spinner size="extra-tiny" /> : readAloud.phase === "playing" ? <StopRegular /> : <Speaker2Regular />}
          onClick={readAloud.onToggle}
        />
      </Tooltip>
      {readAloud.error ? (
        <Text role="alert" size={200} className={styles.error}>
          {t(`readAloud.${readAloud.error}`, { max: CHAT_LIMITS.ttsMaxChars })}
        </Text>
      ) : null}
    </div>
  );
}

function Sources({ sources, idOf }: { sources: ChatSource[]; idOf: (n: number) => string }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const headingId = useId();
  if (sources.length === 0) return null;
  return (
    <div>
      <Text id={headingId} weight="semibold" size={200}>
        {t("answer.sources")}
      </Text>
      <ol className={styles.sources} aria-labelledby={headingId}>
        {sources.map((s) => (
          <li key={s.n} id={idOf(s.n)} value={s.n}>
            {s.origin === "web" ? (
              <>
                {/* A web page opens in a new tab; the site is named so the user knows it is not the course's. */}
                <Link href={s.link} target="_blank" rel="noopener noreferrer">
                  {s.title}
                </Link>{" "}
                <Text size={200} className={styles.site}>
                  {t("answer.webSite", { site: s.lessonTitle ?? s.link })}
                </Text>
              </>
            ) : (
              <RouterLink to={s.link}>{s.lessonTitle ? `${s.title} · ${s.lessonTitle}` : s.title}</RouterLink>
            )}
            <Text size={200} className={styles.excerpt}>
              {s.excerpt}
            </Text>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The user's question, as sent (formulas typeset), with its image. */
function Question({ text, image }: { text: string; image?: string | null | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  return (
    <div className={mergeClasses(styles.item, styles.user)}>
      <Text size={200} className={styles.who}>
        {t("answer.you")}
      </Text>
      {text ? (
        <div className={styles.body}>
          <ChatText text={text} />
        </div>
      ) : null}
      {image ? <img src={image} alt={t("image.sent")} className={styles.image} /> : null}
    </div>
  );
}

/** One message: the user's question, or the assistant's answer with how it was made, its text and its sources. */
export function ChatMessageItem({ message, errorText, readAloud }: { message: ChatMessageView; errorText: (key: string) => string; readAloud?: MessageReadAloud | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const base = useId();
  const idOf = (n: number) => `${base}-src-${n}`;
  if (message.role === "user") return <Question text={message.text} image={message.image?.url} />;
  const note =
    message.kind === "extractive"
      ? t("answer.extractive")
      : message.kind === "sources_only"
        ? t(message.guarded ? "answer.guarded" : "answer.sourcesOnly")
        : message.kind === "no_match"
          ? t("answer.noMatch")
          : message.kind === "math"
            ? t("answer.math")
            : message.kind === "web"
              ? t("answer.web")
              : null;
  return (
    <div className={mergeClasses(styles.item, styles.assistant)}>
      <Text size={200} className={styles.who}>
        {t("answer.assistant")}
      </Text>
      {message.status === "error" ? (
        <p className={styles.error}>{errorText("INTERNAL_ERROR")}</p>
      ) : (
        <>
          {message.imageUnread ? <p className={styles.note}>{t(message.kind === "image_unread" ? `image.unreadAlone.${message.imageUnread}` : `image.unreadAnswer.${message.imageUnread}`)}</p> : null}
          {note ? <p className={styles.note}>{note}</p> : null}
          {message.text ? (
            <div className={styles.body}>
              <ChatText text={message.text} citeId={idOf} />
            </div>
          ) : null}
          {message.status === "stopped" ? <p className={styles.note}>{t("answer.stopped")}</p> : null}
          <ChatCards cards={message.cards} />
          <Sources sources={message.sources} idOf={idOf} />
          {readAloud && message.text ? <ReadAloudButton readAloud={readAloud} /> : null}
        </>
      )}
    </div>
  );
}

/** The answer being written: the server's current loading step, the text so far and the sources once known. */
export function PendingItem({ pending, step }: { pending: PendingAnswer; step: ChatStep | null }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const base = useId();
  return (
    <>
      <Question text={pending.question} image={pending.image} />
      <div className={mergeClasses(styles.item, styles.assistant)}>
        <Text size={200} className={styles.who}>
          {t("answer.assistant")}
        </Text>
        <div role="status">{step ? <Spinner size="tiny" labelPosition="after" label={t(`steps.${step}`)} /> : null}</div>
        {pending.text ? (
          <div className={styles.body}>
            <ChatText text={pending.text} />
          </div>
        ) : null}
        <ChatCards cards={pending.cards} />
        <Sources sources={pending.sources} idOf={(n) => `${base}-src-${n}`} />
      </div>
    </>
  );
}
