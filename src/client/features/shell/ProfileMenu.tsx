import { lazy } from "react";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { OnDemandMenu } from "./OnDemandMenu";
import { ProfileButton } from "./ProfileButton";

const loadMenu = () => import(/* webpackChunkName: "profile-menu" */ "./ProfileMenuPopup");
const ProfileMenuPopup = lazy(() => loadMenu().then((m) => ({ default: m.ProfileMenuPopup })));

/**
 * The avatar menu (spec §2). The avatar shows at once; the menu's code (Fluent Menu with its
 * positioning and focus code, ~35 KiB gzip) loads when the reader reaches for the button (hover or
 * focus) and opens on the click, so no screen's first load carries it (ADR 0027).
 */
export function ProfileMenu() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return <OnDemandMenu load={loadMenu} trigger={(props) => <ProfileButton name={name} {...props} />} menu={<ProfileMenuPopup name={name} openOnMount />} />;
}
