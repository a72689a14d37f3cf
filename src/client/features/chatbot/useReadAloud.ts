import { useCallback, useEffect, useRef, useState } from "react";
import { CHAT_LIMITS } from "../../../contracts/chatbot-base";
import { useAppDispatch } from "../../app/store";
import { fetchSpeech } from "./chatbotApi";

/*
 * Read-aloud of the assistant's messages (issue 17; spec §4 audio playback, §5/§8 limits): one
 * message at a time, idle, loading or playing. Choosing the playing (or loading) message stops it;
 * choosing another stops the current one first. It ends when the audio finishes or fails. A
 * message's audio is fetched once per panel (kept as an object URL, released with the panel).
 */

export type ReadAloudPhase = "idle" | "loading" | "playing";
/** The spec's four audio errors, as keys of the chatbot namespace's `readAloud`. */
export type ReadAloudError = "noText" | "tooLong" | "playFailed" | "loadFailed";
export type ReadAloudState = { guid: string | null; phase: ReadAloudPhase; error: { guid: string; key: ReadAloudError } | null };

const IDLE: ReadAloudState = { guid: null, phase: "idle", error: null };

/** The spec's checks before any request: no text, or more than the limit. */
export function readAloudRefusal(text: string): ReadAloudError | null {
  if (text.trim() === "") return "noText";
  if (text.length > CHAT_LIMITS.ttsMaxChars) return "tooLong";
  return null;
}

const SERVER_ERRORS: Record<string, ReadAloudError> = { TTS_NO_TEXT: "noText", TTS_TEXT_TOO_LONG: "tooLong" };

export function useReadAloud() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ReadAloudState>(IDLE);
  const audio = useRef<HTMLAudioElement | null>(null);
  const request = useRef<AbortController | null>(null);
  const urls = useRef(new Map<string, string>());
  /** Bumped by every stop: a late answer of an older request is dropped. */
  const turn = useRef(0);

  const halt = useCallback(() => {
    turn.current++;
    request.current?.abort();
    request.current = null;
    const playing = audio.current;
    audio.current = null;
    if (playing) {
      playing.onended = null;
      playing.onerror = null;
      playing.pause();
    }
  }, []);

  const fail = useCallback((guid: string, key: ReadAloudError) => {
    setState({ guid: null, phase: "idle", error: { guid, key } });
  }, []);

  const play = useCallback(
    async (guid: string, url: string, mine: number) => {
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        if (turn.current !== mine) return;
        audio.current = null;
        setState(IDLE);
      };
      element.onerror = () => {
        if (turn.current !== mine) return;
        audio.current = null;
        fail(guid, "playFailed");
      };
      try {
        await element.play();
        if (turn.current === mine) setState({ guid, phase: "playing", error: null });
      } catch {
        if (turn.current !== mine) return;
        audio.current = null;
        fail(guid, "playFailed");
      }
    },
    [fail],
  );

  /** Spec §4: the message's audio starts, or stops when it is the one playing (or loading). */
  const toggle = useCallback(
    async (guid: string, text: string) => {
      const current = state.guid;
      halt();
      if (current === guid) {
        setState(IDLE);
        return;
      }
      const refusal = readAloudRefusal(text);
      if (refusal) {
        fail(guid, refusal);
        return;
      }
      const mine = turn.current;
      const known = urls.current.get(guid);
      if (known) {
        setState({ guid, phase: "loading", error: null });
        await play(guid, known, mine);
        return;
      }
      setState({ guid, phase: "loading", error: null });
      const controller = new AbortController();
      request.current = controller;
      const outcome = await dispatch(fetchSpeech(text, controller.signal));
      if (turn.current !== mine) return;
      request.current = null;
      if ("error" in outcome) {
        fail(guid, SERVER_ERRORS[outcome.error] ?? "loadFailed");
        return;
      }
      const url = URL.createObjectURL(outcome.audio);
      urls.current.set(guid, url);
      await play(guid, url, mine);
    },
    [dispatch, fail, halt, play, state.guid],
  );

  useEffect(() => {
    const made = urls.current;
    return () => {
      halt();
      for (const url of made.values()) URL.revokeObjectURL(url);
      made.clear();
    };
  }, [halt]);

  return { state, toggle };
}
