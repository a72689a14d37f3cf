import {
  BeakerRegular,
  BookRegular,
  CalculatorRegular,
  CodeRegular,
  ColorRegular,
  GlobeRegular,
  HistoryRegular,
  LeafTwoRegular,
  MusicNote2Regular,
  SportRegular,
  StarRegular,
  TranslateRegular,
  type FluentIcon,
} from "@fluentui/react-icons";
import { COURSE_COLORS } from "../../../contracts/course-settings-base";
import type { CourseIcon } from "../../../contracts/course-settings";

/** The picture of each class icon the form offers (COURSE_ICONS); cards show the same. */
export const COURSE_ICON_GLYPHS: Record<CourseIcon, FluentIcon> = {
  book: BookRegular,
  calculator: CalculatorRegular,
  flask: BeakerRegular,
  globe: GlobeRegular,
  palette: ColorRegular,
  music: MusicNote2Regular,
  translate: TranslateRegular,
  code: CodeRegular,
  leaf: LeafTwoRegular,
  history: HistoryRegular,
  sport: SportRegular,
  star: StarRegular,
};

/** Each palette colour's name (`classes:colors.<name>`), the accessible name of its swatch. */
export const COURSE_COLOR_NAMES: Record<(typeof COURSE_COLORS)[number], string> = {
  "#0F6CBD": "blue",
  "#C239B3": "magenta",
  "#8A3FFC": "purple",
  "#B10E1C": "red",
  "#0B6A0B": "green",
  "#8F4E00": "brown",
  "#005B70": "teal",
  "#4F6BED": "indigo",
  "#A4262C": "cranberry",
  "#616161": "grey",
};
