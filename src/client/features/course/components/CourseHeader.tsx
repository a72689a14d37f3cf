import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import {
  BeakerRegular,
  BookRegular,
  CalculatorRegular,
  CodeRegular,
  GlobeRegular,
  HistoryRegular,
  LeafOneRegular,
  MusicNote2Regular,
  PaintBrushRegular,
  SportRegular,
  StarRegular,
  TranslateRegular,
  type FluentIcon,
} from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { CourseDetail, CourseIcon } from "../../../../contracts/course-settings";
import { isHexColor, readableTextOn } from "../themes";
import { educationName } from "../../../i18n/education";

const ICONS: Partial<Record<string, FluentIcon>> & Record<CourseIcon, FluentIcon> = {
  book: BookRegular,
  calculator: CalculatorRegular,
  flask: BeakerRegular,
  globe: GlobeRegular,
  palette: PaintBrushRegular,
  music: MusicNote2Regular,
  translate: TranslateRegular,
  code: CodeRegular,
  leaf: LeafOneRegular,
  history: HistoryRegular,
  sport: SportRegular,
  star: StarRegular,
};

/** The palette's first colour: used when a class carries something that is not a hex colour. */
const FALLBACK_COLOR = "#0F6CBD";

/** Phones (and narrow Teams panes): the band shrinks so the page's own content is not pushed below the fold. */
const NARROW = "@media (max-width: 480px)";

const useStyles = makeStyles({
  band: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    borderBottom: `4px solid var(--course-accent, transparent)`,
    [NARROW]: { gap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  },
  // The assessment player on a phone: the class's name only, one small band (ADR 0023).
  bandCompact: { [NARROW]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottomWidth: "2px" } },
  icon: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: "56px",
    height: "56px",
    fontSize: "32px",
    borderRadius: tokens.borderRadiusCircular,
    border: "2px solid currentColor",
    [NARROW]: { width: "40px", height: "40px", fontSize: "22px" },
  },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0 },
  /*
   * Lines break between words; a word wider than the band is hyphenated where the language allows
   * (<html lang> follows the reader's language), and only then broken. overflow-wrap: anywhere
   * broke "Matemáticas" in two at 390 px.
   */
  title: {
    margin: 0,
    color: "inherit",
    wordBreak: "normal",
    overflowWrap: "break-word",
    hyphens: "auto",
    [NARROW]: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  },
  titleCompact: { [NARROW]: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 } },
  meta: { color: "inherit" },
  hiddenWhenCompact: { [NARROW]: { display: "none" } },
});

/**
 * The class's name, year, subject and school year on a band in the class's colour and icon.
 * `compact` (the assessment player): on a phone, the name alone, so the question comes first.
 */
export function CourseHeader({ course, compact = false }: { course: CourseDetail; compact?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "home"]);
  const background = isHexColor(course.color) ? course.color : FALLBACK_COLOR;
  // The text colour follows the class colour so any colour keeps AA contrast.
  const color = readableTextOn(background);
  const Icon = ICONS[course.icon] ?? BookRegular;
  const meta = [educationName(course.educationYear, t), course.discipline ? t(`home:disciplines.${course.discipline}`) : null, course.schoolYear]
    .filter(Boolean)
    .join(" · ");
  return (
    <header className={mergeClasses(styles.band, compact && styles.bandCompact)} style={{ backgroundColor: background, color }}>
      <span className={mergeClasses(styles.icon, compact && styles.hiddenWhenCompact)} aria-hidden="true">
        <Icon />
      </span>
      <div className={styles.text}>
        <Text as="h1" size={800} weight="semibold" className={mergeClasses(styles.title, compact && styles.titleCompact)}>
          {course.name}
        </Text>
        {meta ? (
          <Text size={300} className={mergeClasses(styles.meta, compact && styles.hiddenWhenCompact)}>
            {meta}
          </Text>
        ) : null}
        <Text size={200} className={mergeClasses(styles.meta, compact && styles.hiddenWhenCompact)}>
          {t("header.students", { count: course.studentCount })}
        </Text>
      </div>
    </header>
  );
}
