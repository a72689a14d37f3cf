import type { ChatContext, ChatImageView, ChatMessageView, ChatSettings, ChatStreamEvent, ConversationView } from "../../../contracts/chatbot-base";
import { CHAT_LIMITS } from "../../../contracts/chatbot-base";
import { baseApi, baseQueryWithReauth } from "../../app/api";
import { errorKeyOf, unwrap } from "../../app/apiResult";
import type { AppDispatch, RootState } from "../../app/store";
import { uploadWithProgress } from "../lesson/uploader";

/*
 * The assistant's data (issue 17, ADR 0041): the caller's conversations through RTK Query, and a
 * question through `askAssistant`, which reads the answer's server-sent events as they come (a
 * POST with the session's bearer token, refreshed like every call) and puts the finished exchange
 * in the conversation's cache.
 */

export type ConversationPage = { items: ConversationView[]; total: number; offset: number; pageSize: number };
export type ConversationDetail = { conversation: ConversationView; messages: ChatMessageView[] };

const api = baseApi.enhanceEndpoints({ addTagTypes: ["Conversations", "ChatSettings"] });

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
    /** The user's settings (web search) and what the server can do (web search, reading images, the edition's chat tool). */
    getChatSettings: build.query<ChatSettings, void>({
      query: () => "/chatbot/settings",
      transformResponse: unwrap<ChatSettings>,
      providesTags: ["ChatSettings"],
    }),
    updateChatSettings: build.mutation<ChatSettings, { webSearch: boolean }>({
      query: (body) => ({ url: "/chatbot/settings", method: "PUT", body }),
      transformResponse: unwrap<ChatSettings>,
      // The server's answer is the new state: no second read.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(chatbotApi.util.upsertQueryData("getChatSettings", undefined, data));
      },
    }),
    deleteConversation: build.mutation<void, string>({
      query: (guid) => ({ url: `/chatbot/conversations/${guid}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, guid) => [{ type: "Conversations", id: "LIST" }, { type: "Conversations", id: guid }],
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useCreateConversationMutation,
  useRenameConversationMutation,
  useDeleteConversationMutation,
  useGetChatSettingsQuery,
  useUpdateChatSettingsMutation,
} = chatbotApi;

/** Spec §1 image attach: POST /api/chatbot/images (multipart field "file") with progress; rejects with RTK Query's error shape. */
export function uploadChatImage(request: { file: File; token?: string | undefined; edition?: string | undefined; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<ChatImageView> {
  const form = new FormData();
  form.append("file", request.file);
  return uploadWithProgress<ChatImageView>({
    url: "/api/chatbot/images",
    form,
    ...(request.token ? { token: request.token } : {}),
    ...(request.edition ? { edition: request.edition } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
}

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

export type AskArgs = { conversationGuid: string; text: string; context?: ChatContext; imageGuid?: string | undefined };
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
        body: { text: args.text, ...(args.context ? { context: args.context } : {}), ...(args.imageGuid ? { imageGuid: args.imageGuid } : {}) },
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
