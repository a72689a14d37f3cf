import { Body1, Field, Radio, RadioGroup, Select, Spinner } from "@fluentui/react-components";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHost } from "../../app/hostContext";
import { AuthLayout } from "../auth/components/AuthLayout";
import { useGetCoursesQuery } from "../home/homeApi";
import { classTabConfig, TAB_SCREENS, teachableCourses, type TabScreen } from "./configRules";

/**
 * /config: the configurable class tab's setup (Teams frame context "settings"). The teacher picks
 * one of their classes and the screen the tab opens on; Save stores the tab's URL in Teams.
 */
export function ConfigPage() {
  const { t } = useTranslation("teams");
  const host = useHost();
  const { data, isLoading, isError } = useGetCoursesQuery();
  const courses = useMemo(() => teachableCourses(data?.items ?? []), [data]);
  const [courseGuid, setCourseGuid] = useState("");
  const [screen, setScreen] = useState<TabScreen | "">("");
  const titleId = useId();
  const course = courses.find((c) => c.guid === courseGuid);
  const valid = Boolean(course && screen);
  const tabConfig = host.tabConfig;

  // The save handler is registered once and reads the latest choice.
  const choice = useRef({ course, screen });
  useEffect(() => {
    choice.current = { course, screen };
  }, [course, screen]);
  useEffect(() => {
    tabConfig?.onSave(() => {
      const { course: c, screen: s } = choice.current;
      if (!c || !s) throw new Error("Choose a class and a screen");
      return classTabConfig(c, s, window.location.origin);
    });
  }, [tabConfig]);
  useEffect(() => tabConfig?.setValidity(valid), [tabConfig, valid]);

  if (isLoading) {
    return (
      <AuthLayout title={t("config.title")} titleId={titleId}>
        <Spinner aria-labelledby={titleId} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("config.title")}>
      {!tabConfig ? <Body1 as="p">{t("config.onlyInTeams")}</Body1> : null}
      {isError ? (
        <Body1 as="p" role="alert">
          {t("config.loadFailed")}
        </Body1>
      ) : courses.length === 0 ? (
        <Body1 as="p">{t("config.noClasses")}</Body1>
      ) : (
        <>
          <Field label={t("config.class")} required>
            <Select value={courseGuid} onChange={(_, d) => setCourseGuid(d.value)}>
              <option value="" disabled>
                {t("config.chooseClass")}
              </option>
              {courses.map((c) => (
                <option key={c.guid} value={c.guid}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("config.screen")} required>
            <RadioGroup value={screen} onChange={(_, d) => setScreen(d.value as TabScreen)}>
              {TAB_SCREENS.map((s) => (
                <Radio key={s} value={s} label={t(`config.screens.${s}`)} />
              ))}
            </RadioGroup>
          </Field>
        </>
      )}
    </AuthLayout>
  );
}
