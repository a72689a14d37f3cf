import type { AppStore } from "../../app/store";
import { gamificationApi, PUSH_TAGS } from "./gamificationApi";
import { rewardPushed, selectSince } from "./gamificationSlice";
import { startGamificationSocket } from "./gamificationSocket";

/** A replay brings up to 150 pushes at once: the screens refetch once after the burst, not once per push. */
const REFRESH_DELAY_MS = 400;

/**
 * Wires the gamification socket to the store (the chip starts it once the profile answered): each
 * push goes to the slice, and the profile, ledger, rankings and shop are asked again shortly after.
 */
export function startLiveGamification(store: AppStore): void {
  let refresh: ReturnType<typeof setTimeout> | undefined;
  startGamificationSocket(store, {
    since: () => selectSince(store.getState()),
    onPush: (push) => {
      store.dispatch(rewardPushed(push));
      if (refresh !== undefined) clearTimeout(refresh);
      refresh = setTimeout(() => {
        refresh = undefined;
        store.dispatch(gamificationApi.util.invalidateTags([...PUSH_TAGS]));
      }, REFRESH_DELAY_MS);
    },
    // Any authenticated call renews an expired session; the socket then reconnects with the new token.
    renewSession: () => void store.dispatch(gamificationApi.endpoints.getGamificationProfile.initiate(undefined, { subscribe: false, forceRefetch: true })),
  });
}
