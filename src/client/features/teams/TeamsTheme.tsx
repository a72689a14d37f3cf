import {
  FluentProvider,
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  type Theme,
} from "@fluentui/react-components";
import { useEffect, useState, type ReactNode } from "react";
import { useHost } from "../../app/hostContext";
import type { HostTheme } from "../../platform";

const TEAMS_THEMES: Record<HostTheme, Theme> = {
  default: teamsLightTheme,
  dark: teamsDarkTheme,
  contrast: teamsHighContrastTheme,
};

/**
 * Inside Teams the app wears Teams' own Fluent themes (light, dark, high contrast) and follows
 * the user's theme switch live. Its own chunk: standalone never loads these tokens.
 */
export function TeamsTheme({ children }: { children: ReactNode }) {
  const host = useHost();
  const [theme, setTheme] = useState<HostTheme>(host.context.theme);
  useEffect(() => host.onThemeChange(setTheme), [host]);
  return (
    <FluentProvider theme={TEAMS_THEMES[theme]} className="app-root" data-teams-theme={theme}>
      {children}
    </FluentProvider>
  );
}
