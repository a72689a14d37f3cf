import type { Role } from "../../../contracts/common";

/** The home tabs (spec §2): Classrooms (default), Programs (id "library"), My library. */
export const HOME_TABS = ["classrooms", "library", "my-library"] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const DEFAULT_HOME_TAB: HomeTab = "classrooms";

/** Students see no tabs (only their classes); an edition may drop the My library tab. */
export function visibleHomeTabs(role: Role, libraryTab: boolean): HomeTab[] {
  if (role === "student") return [];
  return HOME_TABS.filter((tab) => tab !== "my-library" || libraryTab);
}

export const isHomeTab = (v: unknown): v is HomeTab => typeof v === "string" && (HOME_TABS as readonly string[]).includes(v);

export type DayPart = "morning" | "afternoon" | "evening";

/** Greeting by local time: morning from 6, afternoon from 14 (Spanish lunch), evening from 21. */
export function dayPart(hour: number): DayPart {
  if (hour >= 6 && hour < 14) return "morning";
  if (hour >= 14 && hour < 21) return "afternoon";
  return "evening";
}
