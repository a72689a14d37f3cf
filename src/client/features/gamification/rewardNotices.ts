import type { TFunction } from "i18next";
import type { Notice } from "../../ui/toast";
import type { RewardToast } from "./gamificationSlice";

/** The toast of a reward: a medal with its picture, name, description (and the teacher's note), or coins. */
export function noticeOf(t: TFunction, toast: RewardToast): Notice {
  if (toast.kind === "currency") return { intent: "success", title: t("gamification:toast.coins", { count: toast.push.currency }) };
  const { badge, note } = toast.push;
  const body = [badge.name, badge.description, note ? t("gamification:toast.note", { note }) : ""].filter(Boolean).join(". ");
  return { intent: "success", title: t("gamification:toast.medal"), body, imageUrl: badge.imageUrl };
}
