import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { HOME_PATH } from "../../app/guards";
import { LanguageSwitch } from "./LanguageSwitch";
import { useEdition } from "../../app/publicData";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";

/** Signed-in only, and never on the sign-in screens: its own chunk (the avatar; the menu loads on demand). */
const ProfileMenu = lazy(() => import(/* webpackChunkName: "profile-button" */ "./ProfileMenu").then((m) => ({ default: m.ProfileMenu })));
/**
 * Signed-in only, rendered after the first screen (never in its critical JS): the bell and the realtime
 * socket. Their chunks are preloaded with the screen and the counters asked with its data, so showing
 * it costs no further round of requests (server/platform/index-page.ts, app/routeData.ts).
 */
const NotificationsBell = lazy(() =>
  import(/* webpackChunkName: "notifications" */ "../notifications/NotificationsBell").then((m) => ({ default: m.NotificationsBell })),
);

/**
 * A gamified student's level and points (issue 18), with the gamification socket and the reward
 * toasts: its own chunk, after the first screen, and never loaded by anyone else.
 */
const GamificationChip = lazy(() =>
  import(/* webpackChunkName: "gamification-chip" */ "../gamification/GamificationChip").then((m) => ({ default: m.GamificationChip })),
);

/**
 * The top bar (styles: app/global.css): edition logo (home link), language switch and, when signed
 * in, the notifications bell (once `afterFirstScreen`; its place is kept until then) and the profile menu.
 */
export function ShellHeader({ full, afterFirstScreen = false }: { full: boolean; afterFirstScreen?: boolean }) {
  const { t } = useTranslation("common");
  const { data: edition } = useEdition();
  const name = edition?.name ?? "";
  const gamified = useAppSelector(selectCurrentUser)?.role === "student" && edition?.gamified === true;
  return (
    <header className="app-header">
      <Link to={HOME_PATH} className="app-header__brand" aria-label={t("shell.homeLink", { name })}>
        {edition ? (
          <img className="app-header__logo" src={edition.logoUrl} alt="" />
        ) : (
          <span>{name}</span>
        )}
      </Link>
      <span className="app-header__spacer" />
      <div className="app-header__tools">
        <LanguageSwitch />
        {full && afterFirstScreen && gamified ? (
          <Suspense fallback={null}>
            <GamificationChip />
          </Suspense>
        ) : null}
        {full ? (
          afterFirstScreen ? (
            <Suspense fallback={<span className="app-header__avatar-slot" aria-hidden="true" />}>
              <NotificationsBell />
            </Suspense>
          ) : (
            <span className="app-header__avatar-slot" aria-hidden="true" />
          )
        ) : null}
        {full ? (
          <Suspense fallback={<span className="app-header__avatar-slot" aria-hidden="true" />}>
            <ProfileMenu />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
