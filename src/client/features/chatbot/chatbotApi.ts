import type { ChatContext, ChatMessageView, ChatStreamEvent, ConversationView } from "../../../contracts/chatbot-base";
import { CHAT_LIMITS } from "../../../contracts/chatbot-base";
import { baseApi, baseQueryWithReauth } from "../../app/api";
import { errorKeyOf, unwrap } from "../../app/apiResult";
import type { AppDispatch, RootState } from "../../app/store";

/*
 * The assistant's data (issue 17, ADR 0041): the caller's conversations through RTK Query, and a
 * question through `askAssistant`, which reads the answer's server-sent events as they come (a
 * POST with the session's bearer token, refreshed like every call) and puts the finished exchange
 * in the conversation's cache.
 */

export type ConversationPage = { items: ConversationView[]; total: number; offset: number; pageSize: number };
export type ConversationDetail = { conversation: ConversationView; messages: ChatMessageView[] };

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Conversations"] });

export const chatbotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ConversationPage, { offset: number }>({
      query: ({ offset }) => ({ url: "/chatbot/conversations", params: { offset, pageSize: CHAT_LIMITS.historyPageSize } }),
      transformResponse: unwrap<ConversationPage>,
      providesTags: [{ type: "Conversations", id: "LIST" }],
    }),
    getConversation: build.query<ConversationDetail, string>({
      query: (guid) => `/chatbot/conversations/${guid}`,
      transformResponse: unwrap<ConversationDetail>,
      providesTags: (_r, _e, guid) => [{ type: "Conversations", id: guid }],
    }),
    createConversation: build.mutation<ConversationView, void>({
      query: () => ({ url: "/chatbot/conversations", method: "POST", body: {} }),
      transformResponse: unwrap<ConversationView>,
      invalidatesTags: [{ type: "Conversations", id: "LIST" }],
    }),
    renameConversation: build.mutation<ConversationView, { guid: string; title: string }>({
      query: ({ guid, title }) => ({ url: `/chatbot/conversations/${guid}`, method: "PATCH", body: { title } }),
      transformResponse: unwrap<ConversationView>,
      invalidatesTags: (_r, _e, { guid }) => [{ type: "Conversations", id: "LIST" }, { type: "Conversations", id: guid }],
    }),
    deleteConversation: build.mutation<void, string>({
      query: (guid) => ({ url: `/chatbot/conversations/${guid}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, guid) => [{ type: "Conversations", id: "LIST" }, { type: "Conversations", id: guid }],
    }),
  }),
});

export const { useGetConversationsQuery, useGetConversationQuery, useCreateConversationMutation, useRenameConversationMutation, useDeleteConversationMutation } = chatbotApi;

/** The SSE blocks complete in `buffer`, parsed; what is left is an incomplete block. */
export function takeEvents(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: ChatStreamEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
    if (data === "") continue;
    try {
      events.push(JSON.parse(data) as ChatStreamEvent);
    } catch {
      // A block that is not JSON is not ours: skipped.
    }
  }
  return { events, rest };
}

export type AskArgs = { conversationGuid: string; text: string; context?: ChatContext };
/** How the ask ended: the answer as stored, or the error the client shows (a key of the errors namespace). */
export type AskOutcome = { answer: ChatMessageView; question: ChatMessageView | null } | { error: { key: string }; question: ChatMessageView | null };

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => Promise<T>;

/**
 * Asks the assistant. `onEvent` hears every event as it arrives (steps, text, sources, cards);
 * the finished exchange (or the question and the stored error) goes into the conversation's cache
 * and the history moves it to the top.
 */
export function askAssistant(args: AskArgs, onEvent: (event: ChatStreamEvent) => void, signal: AbortSignal): Thunk<AskOutcome> {
  return async (dispatch, getState) => {
    let question: ChatMessageView | null = null;
    let outcome: AskOutcome | null = null;
    const handle = (event: ChatStreamEvent) => {
      if (event.type === "question") question = event.message;
      if (event.type === "done") outcome = { answer: event.message, question };
      if (event.type === "error") outcome = { error: { key: event.key }, question };
      onEvent(event);
    };
    const result = await baseQueryWithReauth(
      {
        url: `/chatbot/conversations/${args.conversationGuid}/messages`,
        method: "POST",
        body: { text: args.text, ...(args.context ? { context: args.context } : {}) },
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null) as Promise<unknown>;
          const reader = response.body?.getReader();
          if (!reader) {
            for (const event of takeEvents(`${await response.text()}\n\n`).events) handle(event);
            return null;
          }
          const decoder = new TextDecoder();
          let buffer = "";
          for (;;) {
            const { done, value } = await reader.read();
            buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
            const { events, rest } = takeEvents(done ? `${buffer}\n\n` : buffer);
            buffer = rest;
            for (const event of events) handle(event);
            if (done) return null;
          }
        },
      },
      { signal, abort: () => undefined, dispatch, getState, extra: undefined, endpoint: "askAssistant", type: "mutation" },
      {},
    );
    const finished = outcome as AskOutcome | null;
    const asked = question as ChatMessageView | null;
    if (asked) {
      dispatch(
        chatbotApi.util.updateQueryData("getConversation", args.conversationGuid, (draft) => {
          draft.messages.push(asked);
          if (finished && "answer" in finished) draft.messages.push(finished.answer);
        }),
      );
      dispatch(chatbotApi.util.invalidateTags([{ type: "Conversations", id: "LIST" }]));
    }
    if (finished) return finished;
    if (signal.aborted) return { error: { key: "ABORTED" }, question: asked };
    return { error: { key: result.error ? errorKeyOf(result.error) : "INTERNAL_ERROR" }, question: asked };
  };
}

/** How a read-aloud request ended: the MP3, or the error key the server (or the network) gave. */
export type SpeechOutcome = { audio: Blob } | { error: string };

/** Spec getTextAudio: a message's text as audio (POST /chatbot/speech), with the session's token like every call. */
export function fetchSpeech(text: string, signal: AbortSignal): Thunk<SpeechOutcome> {
  return async (dispatch, getState) => {
    const result = await baseQueryWithReauth(
      {
        url: "/chatbot/speech",
        method: "POST",
        body: { text },
        responseHandler: (response: Response) => (response.ok ? response.blob() : (response.json().catch(() => null) as Promise<unknown>)),
      },
      { signal, abort: () => undefined, dispatch, getState, extra: undefined, endpoint: "getTextAudio", type: "mutation" },
      {},
    );
    if (result.error) return { error: signal.aborted ? "ABORTED" : errorKeyOf(result.error) };
    return result.data instanceof Blob && result.data.size > 0 ? { audio: result.data } : { error: "TTS_FAILED" };
  };
}
