import { lazy } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contracts/common";
import { useAppDispatch, useAppSelector } from "../../app/store";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../contracts/constants";
import { isLanguage } from "../../i18n";
import { errorMessage } from "../../ui/errors";
import { useNotify } from "../../ui/toast";
import { selectIsAuthenticated } from "../auth/authSlice";
import { LanguageButton } from "./LanguageButton";
import { OnDemandMenu } from "./OnDemandMenu";
import { useEdition } from "../../app/publicData";

/** Signed-in only: the account call (RTK Query, like every signed-in call) loads when it is made. */
const loadProfileApi = () => import(/* webpackChunkName: "profile-api" */ "../profile/profileApi");

const loadMenu = () => import(/* webpackChunkName: "language-menu" */ "./LanguageMenu");
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

/**
 * The language switch: the edition's languages by their own names. The choice applies at once;
 * with a session it is also saved on the account so other devices follow. The menu code loads
 * when the reader reaches for the button (hover or focus), so it is not part of the first load.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation("common");
  const notify = useNotify();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data: edition } = useEdition();
  const dispatch = useAppDispatch();
  const languages: readonly Language[] = edition?.languages ?? LANGUAGES;
  const current: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const choose = async (lng: Language) => {
    if (lng === current) return;
    await i18n.changeLanguage(lng);
    if (!signedIn) return;
    try {
      const { profileApi } = await loadProfileApi();
      await dispatch(profileApi.endpoints.updateProfile.initiate({ locale: lng }, { track: false })).unwrap();
    } catch (error) {
      notify({ intent: "error", title: t("shell.languageSaveFailed"), body: errorMessage(t, error) });
    }
  };

  return (
    <OnDemandMenu
      load={loadMenu}
      trigger={(props) => <LanguageButton current={current} {...props} />}
      menu={<LanguageMenu current={current} languages={languages} onChoose={(l) => void choose(l)} openOnMount />}
    />
  );
}
