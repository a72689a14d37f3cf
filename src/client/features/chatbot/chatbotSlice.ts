import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { ChatCard, ChatContext, ChatSource, ChatStep, ChatStreamEvent } from "../../../contracts/chatbot-base";

/*
 * The panel's rules (issue 17, spec §2): which tab of the Tutor AI tab bar shows (the chat, a
 * teacher's tools, the settings), whether the chat shows the history, which
 * conversation, and the answer being written: the question as sent, the loading steps the server
 * reached (the last one shows), the text, sources and cards so far. One question at a time. The panel
 * keeps this state with useReducer: it lives and dies with the panel.
 */

export type PendingAnswer = {
  question: string;
  /** The attached image's address, shown with the question. */
  image: string | null;
  steps: ChatStep[];
  text: string;
  sources: ChatSource[];
  cards: ChatCard[];
  /** The stored question's and answer's ids once the server sent them: the list leaves them to the pending answer until it ends. */
  stored: string[];
};

/** The Tutor AI tab bar's tabs (ADR 0044): the conversation, a teacher's AI tools, the settings. */
export const CHAT_TABS = ["chat", "tools", "settings"] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export type ChatPanelState = {
  tab: ChatTab;
  view: "chat" | "history";
  conversationGuid: string | null;
  pending: PendingAnswer | null;
  /** The last ask's error key (errors namespace), until the next question. */
  error: string | null;
};

export const initialChatPanelState: ChatPanelState = { tab: "chat", view: "chat", conversationGuid: null, pending: null, error: null };

const chatPanel = createSlice({
  name: "chatPanel",
  initialState: initialChatPanelState,
  reducers: {
    tabChosen(state, action: PayloadAction<ChatTab>) {
      state.tab = action.payload;
    },
    /** The history is the chat tab's: the button shows it (or goes back), on the chat tab. */
    historyToggled(state) {
      state.view = state.tab === "chat" && state.view === "history" ? "chat" : "history";
      state.tab = "chat";
    },
    conversationChosen(state, action: PayloadAction<string>) {
      if (state.pending) return;
      state.conversationGuid = action.payload;
      state.tab = "chat";
      state.view = "chat";
      state.error = null;
    },
    /** A new chat: an empty panel; the conversation is made with its first question. */
    newChat(state) {
      if (state.pending) return;
      state.conversationGuid = null;
      state.tab = "chat";
      state.view = "chat";
      state.error = null;
    },
    conversationDeleted(state, action: PayloadAction<string>) {
      if (state.conversationGuid === action.payload) state.conversationGuid = null;
    },
    asked(state, action: PayloadAction<{ conversationGuid: string; question: string; image?: string | null }>) {
      state.conversationGuid = action.payload.conversationGuid;
      state.pending = { question: action.payload.question, image: action.payload.image ?? null, steps: [], text: "", sources: [], cards: [], stored: [] };
      state.error = null;
    },
    streamed(state, action: PayloadAction<ChatStreamEvent>) {
      const pending = state.pending;
      if (!pending) return;
      const event = action.payload;
      if (event.type === "step" && pending.steps[pending.steps.length - 1] !== event.step) pending.steps.push(event.step);
      else if (event.type === "text") pending.text += event.delta;
      else if (event.type === "sources") pending.sources = event.sources;
      else if (event.type === "card") pending.cards.push(event.card);
      else if (event.type === "question" || event.type === "done") pending.stored.push(event.message.guid);
    },
    finished(state, action: PayloadAction<{ error: string | null }>) {
      state.pending = null;
      state.error = action.payload.error;
    },
  },
});

export const { tabChosen, historyToggled, conversationChosen, newChat, conversationDeleted, asked, streamed, finished } = chatPanel.actions;
export const chatPanelReducer = chatPanel.reducer;

/** The loading step to show: the last the server reached. */
export const currentStep = (pending: PendingAnswer | null): ChatStep | null => pending?.steps[pending.steps.length - 1] ?? null;

/**
 * The page's class, unit and lesson from its path (spec §3 chatbot context), with the time and the
 * page: what the server checks before using them.
 */
export function contextOf(userGuid: string, pathname: string, now: Date): ChatContext {
  const course = /\/course\/([0-9a-f-]{36})/i.exec(pathname)?.[1];
  const unit = /\/unit\/([0-9a-f-]{36})/i.exec(pathname)?.[1];
  const lesson = /\/lesson\/([0-9a-f-]{36})/i.exec(pathname)?.[1];
  return {
    userGuid,
    currentPage: pathname,
    timestamp: now.toISOString(),
    ...(course ? { courseGuid: course } : {}),
    ...(unit ? { unitGuid: unit } : {}),
    ...(lesson ? { lessonGuid: lesson } : {}),
  };
}
