import { makeStyles, Text, tokens } from "@fluentui/react-components";
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

const useStyles = makeStyles({
  band: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    borderBottom: `4px solid var(--course-accent, transparent)`,
  },
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
  },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { margin: 0, color: "inherit", overflowWrap: "anywhere" },
  meta: { color: "inherit" },
});

/** The class's name, year, subject and school year on a band in the class's colour and icon. */
export function CourseHeader({ course }: { course: CourseDetail }) {
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
    <header className={styles.band} style={{ backgroundColor: background, color }}>
      <span className={styles.icon} aria-hidden="true">
        <Icon />
      </span>
      <div className={styles.text}>
        <Text as="h1" size={800} weight="semibold" className={styles.title}>
          {course.name}
        </Text>
        {meta ? (
          <Text size={300} className={styles.meta}>
            {meta}
          </Text>
        ) : null}
        <Text size={200} className={styles.meta}>
          {t("header.students", { count: course.studentCount })}
        </Text>
      </div>
    </header>
  );
}
