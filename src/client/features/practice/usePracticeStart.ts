import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { GenerateActivities } from "../../../contracts/practice";
import { errorMessage } from "../../ui/errors";
import { useNotify } from "../../ui/toast";
import { activityPath, practiceApi, useGeneratePracticeMutation } from "./practiceApi";
import { resumeActivity } from "./practiceRules";

export type PracticeStart = {
  /** Builds a session (POST activities-generation) and opens its first activity. */
  start: (challenge: GenerateActivities, busyKey: string) => Promise<void>;
  /** Opens an unfinished session where it was left. */
  resume: (sessionGuid: string, busyKey: string) => Promise<void>;
  /** The key of the card or row being opened, null when none. */
  busy: string | null;
};

/**
 * Start and Resume, as the cards, the recent sessions and the summary's "practise again" do them.
 * A failure is the spec's toast, "Failed to generate practice activity: {error}" (translated).
 */
export function usePracticeStart(): PracticeStart {
  const { t } = useTranslation("practice");
  const navigate = useNavigate();
  const notify = useNotify();
  const [generate] = useGeneratePracticeMutation();
  const [loadSession] = practiceApi.endpoints.getPracticeSession.useLazyQuery();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (busyKey: string, open: () => Promise<{ sessionGuid: string; activityGuid: string | undefined }>) => {
    if (busy !== null) return;
    setBusy(busyKey);
    try {
      const { sessionGuid, activityGuid } = await open();
      if (activityGuid) await navigate(activityPath(sessionGuid, activityGuid));
    } catch (error) {
      notify({ intent: "error", title: t("cards.failed", { error: errorMessage(t, error) }) });
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    start: (challenge, busyKey) =>
      run(busyKey, async () => {
        const made = await generate(challenge).unwrap();
        return { sessionGuid: made.sessionId, activityGuid: made.activities[0]?.activityInstanceId };
      }),
    resume: (sessionGuid, busyKey) =>
      run(busyKey, async () => {
        const session = await loadSession(sessionGuid).unwrap();
        return { sessionGuid: session.guid, activityGuid: resumeActivity(session.activities)?.activityInstanceId };
      }),
  };
}
