import { Button, makeStyles, mergeClasses, Spinner, Tab, TabList, Text, Textarea, tokens, Tooltip } from "@fluentui/react-components";
import { AddRegular, DismissRegular, HistoryRegular, MathFormulaRegular, OpenRegular, SendRegular, StopRegular } from "@fluentui/react-icons";
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { CHAT_LIMITS, type ChatMessageView } from "../../../contracts/chatbot-base";
import { useAppDispatch, useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { askAssistant, chatbotApi, useCreateConversationMutation, useGetChatSettingsQuery, useGetConversationQuery } from "./chatbotApi";
import {
  asked,
  chatPanelReducer,
  contextOf,
  conversationChosen,
  conversationDeleted,
  currentStep,
  finished,
  historyToggled,
  initialChatPanelState,
  newChat,
  streamed,
  tabChosen,
  type ChatTab,
} from "./chatbotSlice";
import { AttachButton, AttachmentChip, AttachmentError, useImageAttachment } from "./ChatAttachment";
import { ChatSettingsView } from "./ChatSettingsView";
import { ChatToolModal } from "./ChatToolModal";
import { ChatToolsView } from "./ChatToolsView";
import { CARD_NAMESPACES } from "./ChatCards";
import { ChatHistory } from "./ChatHistory";
import { ChatMessageItem, PendingItem } from "./ChatMessageItem";
import { FormulaInput, withFormula } from "./FormulaInput";
import { useReadAloud } from "./useReadAloud";

/** Spec §2: the panel's opening animation, 500 ms by default. */
export const CHAT_ANIMATION_MS = 500;

const useStyles = makeStyles({
  panel: {
    position: "fixed",
    right: "16px",
    bottom: "16px",
    zIndex: 950,
    width: "min(420px, calc(100vw - 32px))",
    height: "min(640px, calc(100vh - 32px))",
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow28,
    overflow: "hidden",
    animationName: { from: { opacity: 0, transform: "translateY(24px)" }, to: { opacity: 1, transform: "translateY(0)" } },
    animationDuration: `${CHAT_ANIMATION_MS}ms`,
    animationTimingFunction: tokens.curveDecelerateMid,
    "@media (prefers-reduced-motion: reduce)": { animationName: "none" },
  },
  header: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  tabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingInline: tokens.spacingHorizontalS },
  tabPanel: { flexGrow: 1, minHeight: 0, display: "flex", flexDirection: "column" },
  messages: {
    flexGrow: 1,
    overflowY: "auto",
    padding: tokens.spacingHorizontalM,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
  },
  empty: { margin: "auto 0", textAlign: "center", color: tokens.colorNeutralForeground2, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  emptyTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  input: { flexGrow: 1 },
  count: { color: tokens.colorNeutralForeground3, alignSelf: "flex-end" },
  over: { color: tokens.colorPaletteRedForeground1 },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

/**
 * The assistant's panel (issue 17; spec §2): title, history, new chat and close; the conversation
 * (its messages, the answer being written with the server's loading steps); the question box
 * (Enter sends, Shift+Enter breaks the line, formulas between dollar signs). Escape closes it and
 * the focus goes back to the open button. It is a non-modal dialog: the page stays usable.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  // The cards' words (practice, teacher tools) load with the panel, not in the middle of an answer.
  const { t } = useTranslation(CARD_NAMESPACES);
  const { t: te } = useTranslation("errors");
  const titleId = useId();
  const countId = useId();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const [state, local] = useReducer(chatPanelReducer, initialChatPanelState);
  const [draft, setDraft] = useState("");
  const [formulaOpen, setFormulaOpen] = useState(false);
  // Where the caret was in the question when the formula editor opened.
  const caret = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [createConversation] = useCreateConversationMutation();
  const readAloud = useReadAloud();
  const settings = useGetChatSettingsQuery();
  const attach = useImageAttachment();
  const [toolOpen, setToolOpen] = useState(false);
  const tabsId = useId();
  const teacher = user?.role === "teacher" || user?.role === "coteacher";
  const tabs: ChatTab[] = teacher ? ["chat", "tools", "settings"] : ["chat", "settings"];
  const lesson = (() => {
    const context = contextOf(user?.guid ?? "", pathname, new Date());
    return context.courseGuid && context.lessonGuid ? { courseGuid: context.courseGuid, lessonGuid: context.lessonGuid } : null;
  })();
  const conversation = useGetConversationQuery(state.conversationGuid ?? "", { skip: state.conversationGuid === null });
  const stored: ChatMessageView[] = state.conversationGuid ? (conversation.data?.messages ?? []) : [];
  // The exchange being answered shows once: as the pending answer until it ends, then from the cache.
  const messages = state.pending ? stored.filter((m) => !state.pending?.stored.includes(m.guid)) : stored;

  // Spec §2 "focus on open": the question box.
  useEffect(() => {
    input.current?.focus();
  }, []);
  // A closed panel stops the answer being written (the server keeps what was written).
  useEffect(() => () => abort.current?.abort(), []);
  // The latest message in view.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, state.pending?.text, state.pending?.steps.length]);

  const tooLong = draft.length > CHAT_LIMITS.messageMaxChars;
  const ready = attach.attachment?.image != null;
  const canSend = (draft.trim() !== "" || ready) && !tooLong && !attach.uploading;
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!canSend || state.pending || !user) return;
    let guid = state.conversationGuid;
    if (!guid) {
      const made = await createConversation().unwrap().catch(() => null);
      if (!made) {
        local(finished({ error: "INTERNAL_ERROR" }));
        return;
      }
      guid = made.guid;
      // A new conversation is empty: its cache starts so, and no read of it races the answer.
      await dispatch(chatbotApi.util.upsertQueryData("getConversation", guid, { conversation: made, messages: [] }));
    }
    setDraft("");
    const image = attach.take();
    local(asked({ conversationGuid: guid, question: text, image: image?.preview ?? null }));
    const controller = new AbortController();
    abort.current = controller;
    const outcome = await dispatch(
      askAssistant({ conversationGuid: guid, text, context: contextOf(user.guid, pathname, new Date()), imageGuid: image?.guid }, (e) => local(streamed(e)), controller.signal),
    );
    abort.current = null;
    // The stored question shows the server's copy of the image from now on.
    if (image) URL.revokeObjectURL(image.preview);
    local(finished({ error: "error" in outcome && outcome.error.key !== "ABORTED" ? outcome.error.key : null }));
    // A refused question (nothing stored) goes back in the box.
    if ("error" in outcome && !outcome.question) setDraft((d) => (d === "" ? text : d));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };
  const errorText = (key: string) => {
    const known = te(key, { defaultValue: "" });
    return known === "" || key === "INTERNAL_ERROR" ? t("answer.error") : known;
  };
  const step = currentStep(state.pending);
  const openFormula = () => {
    caret.current = input.current?.selectionStart ?? draft.length;
    setFormulaOpen(true);
  };
  const closeFormula = (latex?: string) => {
    setFormulaOpen(false);
    const next = latex ? withFormula(draft, caret.current, latex) : null;
    if (next) setDraft(next.text);
    setTimeout(() => {
      const box = input.current;
      if (!box) return;
      box.focus();
      if (next) box.setSelectionRange(next.caret, next.caret);
    }, 0);
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className={styles.panel}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t("panel.title")}
        </h2>
        {settings.data?.chatTool ? (
          <Tooltip content={t("chatTool.open", { title: settings.data.chatTool.title })} relationship="label">
            <Button appearance="subtle" icon={<OpenRegular />} onClick={() => setToolOpen(true)} />
          </Tooltip>
        ) : null}
        <Tooltip content={t("panel.history")} relationship="label">
          <Button appearance="subtle" icon={<HistoryRegular />} aria-pressed={state.tab === "chat" && state.view === "history"} onClick={() => local(historyToggled())} />
        </Tooltip>
        <Tooltip content={t("panel.newChat")} relationship="label">
          <Button
            appearance="subtle"
            icon={<AddRegular />}
            disabled={state.pending !== null}
            onClick={() => {
              local(newChat());
              setTimeout(() => input.current?.focus(), 0);
            }}
          />
        </Tooltip>
        <Tooltip content={t("panel.close")} relationship="label">
          <Button appearance="subtle" icon={<DismissRegular />} onClick={onClose} />
        </Tooltip>
      </div>
      <TabList
        className={styles.tabs}
        size="small"
        aria-label={t("tabs.label")}
        selectedValue={state.tab}
        onTabSelect={(_, data) => local(tabChosen(data.value as ChatTab))}
      >
        {tabs.map((tab) => (
          <Tab key={tab} value={tab} id={`${tabsId}-${tab}`} aria-controls={`${tabsId}-panel`}>
            {t(`tabs.${tab}`)}
          </Tab>
        ))}
      </TabList>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${state.tab}`} className={styles.tabPanel}>
        {state.tab === "tools" ? (
          <ChatToolsView lesson={lesson} />
        ) : state.tab === "settings" ? (
          <ChatSettingsView />
        ) : state.view === "history" ? (
          <ChatHistory
            current={state.conversationGuid}
            busy={state.pending !== null}
            onOpen={(guid) => {
              local(conversationChosen(guid));
              setTimeout(() => input.current?.focus(), 0);
            }}
            onDeleted={(guid) => local(conversationDeleted(guid))}
          />
        ) : (
          <>
            <div ref={list} role="log" aria-label={t("panel.messages")} aria-busy={state.pending !== null} className={styles.messages} tabIndex={0}>
              {messages.length === 0 && !state.pending ? (
                <div className={styles.empty}>
                  <h3 className={styles.emptyTitle}>{t("empty.title")}</h3>
                  <Text as="p" weight="semibold">
                    {t("empty.greeting")}
                  </Text>
                  <Text as="p">{t("empty.text")}</Text>
                </div>
              ) : null}
              {conversation.isFetching && messages.length === 0 && state.conversationGuid && !state.pending ? <Spinner size="tiny" label={t("steps.thinking")} /> : null}
              {messages.map((m) => (
                <ChatMessageItem
                  key={m.guid}
                  message={m}
                  errorText={errorText}
                  readAloud={{
                    phase: readAloud.state.guid === m.guid ? readAloud.state.phase : "idle",
                    error: readAloud.state.error?.guid === m.guid ? readAloud.state.error.key : null,
                    onToggle: () => void readAloud.toggle(m.guid, m.text),
                  }}
                />
              ))}
              {state.pending ? <PendingItem pending={state.pending} step={step} /> : null}
              {state.error ? (
                <p role="alert" className={styles.error}>
                  {errorText(state.error)}
                </p>
              ) : null}
            </div>
            <form className={styles.form} onSubmit={(e) => void send(e)}>
              {formulaOpen ? <FormulaInput onInsert={(latex) => closeFormula(latex)} onCancel={() => closeFormula()} /> : null}
              {attach.attachment ? <AttachmentChip attachment={attach.attachment} unreadReason={settings.data?.imageReason ?? null} onRemove={attach.remove} /> : null}
              {attach.error ? <AttachmentError text={attach.error} /> : null}
              <div className={styles.row}>
                <Textarea
                  ref={input}
                  className={styles.input}
                  aria-label={t("input.label")}
                  aria-describedby={countId}
                  placeholder={t("input.placeholder")}
                  value={draft}
                  resize="vertical"
                  onChange={(_, data) => setDraft(data.value)}
                  onKeyDown={onKeyDown}
                />
                <AttachButton disabled={state.pending !== null || attach.uploading} onFile={(file) => void attach.choose(file)} />
                <Tooltip content={t("formula.open")} relationship="label">
                  <Button icon={<MathFormulaRegular />} aria-expanded={formulaOpen} onClick={() => (formulaOpen ? closeFormula() : openFormula())} />
                </Tooltip>
                {state.pending ? (
                  <Tooltip content={t("input.stop")} relationship="label">
                    <Button icon={<StopRegular />} onClick={() => abort.current?.abort()} />
                  </Tooltip>
                ) : (
                  <Tooltip content={t("input.send")} relationship="label">
                    <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={!canSend} />
                  </Tooltip>
                )}
              </div>
              <Text id={countId} size={200} className={mergeClasses(styles.count, tooLong && styles.over)}>
                {tooLong ? t("input.tooLong", { max: CHAT_LIMITS.messageMaxChars }) : t("input.count", { count: draft.length, max: CHAT_LIMITS.messageMaxChars })}
              </Text>
            </form>
          </>
        )}
      </div>
      {settings.data?.chatTool ? <ChatToolModal tool={settings.data.chatTool} open={toolOpen} onClose={() => setToolOpen(false)} /> : null}
    </section>
  );
}
