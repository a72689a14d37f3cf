import { makeStyles, Tab, tokens } from "@fluentui/react-components";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { useEdition } from "../../app/publicData";
import { CardGridSkeleton } from "./CardGridSkeleton";
import { ClassroomsTab } from "./ClassroomsTab";
import { dayPart, DEFAULT_HOME_TAB, isHomeTab, visibleHomeTabs, type HomeTab } from "./homeRules";
import { RovingTabList } from "./RovingTabList";
import { dateTimeFormat, intlLocale } from "../../i18n/format";

// The tabs that do not open by default (search box, radio group, the contents API) load when chosen.
const ProgramsTab = lazy(() => import(/* webpackChunkName: "home-programs-tab" */ "./ProgramsTab").then((m) => ({ default: m.ProgramsTab })));
// A student's practice recommendations (issue 15) load after the classes, below them.
const RecommendationCards = lazy(() =>
  import(/* webpackChunkName: "practice-cards" */ "../practice/RecommendationCards").then((m) => ({ default: m.RecommendationCards })),
);
const MyLibraryTab = lazy(() => import(/* webpackChunkName: "home-my-library-tab" */ "./MyLibraryTab").then((m) => ({ default: m.MyLibraryTab })));

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  practice: { marginTop: tokens.spacingVerticalXXL },
});

const TAB_LABEL_KEYS: Record<HomeTab, string> = {
  classrooms: "tabs.classrooms",
  library: "tabs.programs",
  "my-library": "tabs.myLibrary",
};

function TabContent({ tab, student }: { tab: HomeTab; student: boolean }) {
  const { t } = useTranslation(["home", "common"]);
  if (tab === "classrooms") return <ClassroomsTab student={student} />;
  return (
    <Suspense fallback={<CardGridSkeleton label={t(tab === "library" ? "programs.loading" : "common:app.loading")} />}>{tab === "library" ? <ProgramsTab /> : <MyLibraryTab />}</Suspense>
  );
}

const dayFormats = new Map<string, ReturnType<typeof dateTimeFormat>>();
/** "jueves, 26 de noviembre": one formatter per language and region, not one per render (building it is the costly part). */
function dayFormatOf(language: string): ReturnType<typeof dateTimeFormat> {
  const key = `${language}|${intlLocale(language)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = dateTimeFormat(language, { weekday: "long", day: "numeric", month: "long" });
    dayFormats.set(key, format);
  }
  return format;
}

/** Home (spec §2): greeting, then Classrooms / Programs / My library tabs; students get no tabs. */
export function HomePage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation("home");
  const user = useAppSelector(selectCurrentUser);
  const { data: edition } = useEdition();
  const [params, setParams] = useSearchParams();
  const student = user?.role === "student";
  // Until the edition is known, the optional tab stays hidden rather than appear and vanish.
  const tabs = user ? visibleHomeTabs(user.role, edition?.features.libraryTab ?? false) : [];
  const requested = params.get("tab");
  // The selected tab lives in the URL (?tab=library) so reload and back keep it.
  const tab: HomeTab = isHomeTab(requested) && tabs.includes(requested) ? requested : DEFAULT_HOME_TAB;
  const now = new Date();
  const greeting = t(`greeting.${dayPart(now.getHours())}`, { name: user?.firstName ?? "" });
  const today = dayFormatOf(i18n.language).format(now);

  return (
    <>
      <AppPageHeader title={greeting} subtitle={today} />
      {tabs.length > 0 ? (
        <RovingTabList
          className={styles.tabs}
          selectedValue={tab}
          aria-label={t("tabs.label")}
          onTabSelect={(_, data) => {
            const next = String(data.value);
            setParams(next === DEFAULT_HOME_TAB ? {} : { tab: next }, { replace: true });
          }}
        >
          {tabs.map((value) => (
            <Tab key={value} id={`home-tab-${value}`} value={value} aria-controls={`home-panel-${value}`}>
              {t(TAB_LABEL_KEYS[value])}
            </Tab>
          ))}
        </RovingTabList>
      ) : null}
      {tabs.length > 0 ? (
        <div role="tabpanel" id={`home-panel-${tab}`} aria-labelledby={`home-tab-${tab}`}>
          <TabContent tab={tab} student={student} />
        </div>
      ) : (
        <section aria-label={t("classrooms.listLabel")}>
          <ClassroomsTab student={student} />
        </section>
      )}
      {student ? (
        <div className={styles.practice}>
          <Suspense fallback={null}>
            <RecommendationCards courseGuid={null} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
