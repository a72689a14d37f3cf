import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { AttemptView } from "../../../contracts/assessments";
import type { Answer } from "../../../contracts/questions";
import { AnswerQueue, type QueueEntry, type QueueSettled, type QueueSnapshot } from "./answerQueue";
import { useAppDispatch } from "../../app/store";
import { assessmentsApi } from "./assessmentsApi";
import { localStore } from "../../platform/storage";

export type AnswerValues = Record<string, Answer | null>;

export type UseAnswerQueue = QueueSnapshot & {
  /** The answers as the student last left them: the server's, overlaid with the ones kept on this device. */
  values: AnswerValues;
  put: (questionGuid: string, value: Answer | null) => void;
  whenIdle: () => Promise<void>;
  whenSettled: () => Promise<QueueSettled>;
  retryNow: () => void;
  /** After handing in. */
  clear: () => void;
};

/**
 * The answer queue of one attempt, saving through the `saveAnswer` endpoint. Render it under a component keyed
 * by the attempt's guid: the queue is made once per attempt. Warns before leaving the page while
 * changes are not saved yet.
 */
export function useAnswerQueue(attempt: AttemptView): UseAnswerQueue {
  // saveAnswer's trigger, through the store's dispatch (stable for the queue's life).
  const dispatch = useAppDispatch();

  const [queue] = useState(
    () =>
      new AnswerQueue({
        attemptGuid: attempt.guid,
        // Storage blocked (privacy settings): localStore keeps the queue in memory only.
        storage: localStore,
        initialSeqs: Object.fromEntries(attempt.answers.map((a) => [a.questionGuid, a.seq])),
        send: async (entry: QueueEntry) => {
          const request = dispatch(
            assessmentsApi.endpoints.saveAnswer.initiate({
              attemptGuid: attempt.guid,
              questionGuid: entry.questionGuid,
              idempotencyKey: entry.key,
              body: { seq: entry.seq, value: entry.value },
            }),
          );
          try {
            return await request.unwrap();
          } finally {
            // Nothing shows a save's own state: drop it from the store.
            request.reset();
          }
        },
      }),
  );
  const [values, setValues] = useState<AnswerValues>(() => ({
    ...Object.fromEntries(attempt.answers.map((a) => [a.questionGuid, a.value])),
    ...queue.restore(),
  }));

  useEffect(() => {
    queue.start();
    return () => queue.dispose();
  }, [queue]);

  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  useEffect(() => {
    if (snapshot.pendingCount === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [snapshot.pendingCount]);

  const put = useCallback(
    (questionGuid: string, value: Answer | null) => {
      setValues((prev) => ({ ...prev, [questionGuid]: value }));
      queue.put(questionGuid, value);
    },
    [queue],
  );

  return {
    ...snapshot,
    values,
    put,
    whenIdle: useCallback(() => queue.whenIdle(), [queue]),
    whenSettled: useCallback(() => queue.whenSettled(), [queue]),
    retryNow: useCallback(() => queue.retryNow(), [queue]),
    clear: useCallback(() => queue.clear(), [queue]),
  };
}
