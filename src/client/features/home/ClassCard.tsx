import { Badge, Text, tokens } from "@fluentui/react-components";
import {
  BeakerRegular,
  BookRegular,
  CalculatorRegular,
  GlobeRegular,
  PaintBrushRegular,
  PeopleRegular,
  TextFontRegular,
  type FluentIcon,
} from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CourseCard } from "../../../contracts/courses";
import { COURSE_ICON_GLYPHS } from "../classes/courseLook";
import { useCardStyles } from "./cardStyles";
import { educationName } from "../../i18n/education";

/** The form's icons (COURSE_ICONS) plus older names found in imported classes; unknown names show a book. */
const ICONS: Record<string, FluentIcon> = {
  ...COURSE_ICON_GLYPHS,
  math: CalculatorRegular,
  science: BeakerRegular,
  beaker: BeakerRegular,
  geography: GlobeRegular,
  art: PaintBrushRegular,
  paint: PaintBrushRegular,
  language: TextFontRegular,
};

/** The class colour comes from the server; anything but a hex colour falls back to the brand. */
const safeColor = (c: string): string => (/^#[0-9a-f]{6}$/i.test(c) ? c : tokens.colorBrandBackground);

const PUBLICATIONS_SHOWN = 3;

export function ClassCard({ course }: { course: CourseCard }) {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const color = safeColor(course.color);
  const Icon = ICONS[course.icon] ?? BookRegular;
  const meta = [educationName(course.educationYear, t), course.discipline ? t(`disciplines.${course.discipline}`) : null].filter(Boolean).join(" · ");
  const extra = course.publications.length - PUBLICATIONS_SHOWN;
  return (
    <article className={styles.card}>
      <div className={styles.band} style={{ backgroundColor: color }} aria-hidden="true" />
      <div className={styles.body}>
        <div className={styles.heading}>
          <span className={styles.icon} style={{ backgroundColor: color }} aria-hidden="true">
            <Icon />
          </span>
          <h2 className={styles.title}>
            <Link to={`/course/${course.guid}`} className={styles.stretchedLink}>
              {course.name}
            </Link>
          </h2>
        </div>
        {meta ? <Text className={styles.meta}>{meta}</Text> : null}
        {course.publications.length > 0 ? (
          <ul className={styles.publications} aria-label={t("classCard.publications")}>
            {course.publications.slice(0, PUBLICATIONS_SHOWN).map((p) => (
              <li key={p.guid}>
                <Text size={200}>{p.title}</Text>
              </li>
            ))}
            {extra > 0 ? (
              <li>
                <Text size={200}>{t("classCard.morePublications", { count: extra })}</Text>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className={styles.footer}>
          <PeopleRegular aria-hidden="true" />
          <Text size={200}>{t("classCard.students", { count: course.studentCount })}</Text>
          <Text size={200} className={styles.meta}>
            · {course.schoolYear}
          </Text>
          {course.myRole === "coteacher" || course.myRole === "observer" ? (
            <Badge appearance="tint" color="informative">
              {t(`classCard.roles.${course.myRole}`)}
            </Badge>
          ) : null}
        </div>
      </div>
    </article>
  );
}
