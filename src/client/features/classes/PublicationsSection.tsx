import { Badge, Checkbox, Field, Input, Spinner, Text } from "@fluentui/react-components";
import { SearchRegular } from "@fluentui/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { AvailablePublication } from "../../../contracts/course-settings";
import { GroupError, Section, useFormStyles, type SectionProps } from "./formParts";
import { educationName } from "../../i18n/education";

/** A publication the class already has but the caller can no longer add (its licence ended). */
export type KeptPublication = { guid: string; title: string };

type Props = SectionProps & { available: readonly AvailablePublication[] | undefined; kept: readonly KeptPublication[] };

const normalise = (s: string) => s.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** The class's books and programs: every available one with a checkbox, filtered by title. */
export function PublicationsSection({ values, update, error, available, kept }: Props) {
  const styles = useFormStyles();
  const { t } = useTranslation(["classes", "home"]);
  const [filter, setFilter] = useState("");
  const rows = useMemo(() => {
    const known = new Set((available ?? []).map((p) => p.guid));
    const extra = kept.filter((p) => !known.has(p.guid)).map((p) => ({ guid: p.guid, title: p.title, educationYear: null, access: "open" as const }));
    const all = [...(available ?? []), ...extra];
    const q = normalise(filter.trim());
    return q ? all.filter((p) => normalise(p.title).includes(q)) : all;
  }, [available, kept, filter]);
  const selected = new Set(values.publicationGuids);
  const toggle = (guid: string, on: boolean) =>
    update((v) => ({ ...v, publicationGuids: on ? [...v.publicationGuids, guid] : v.publicationGuids.filter((g) => g !== guid) }));

  return (
    <Section legend={t("sections.publications")}>
      <Field label={t("publications.filter")}>
        <Input type="search" contentBefore={<SearchRegular />} value={filter} onChange={(_, d) => setFilter(d.value)} />
      </Field>
      {available === undefined ? <Spinner size="tiny" label={t("publications.loading")} /> : null}
      {available !== undefined && rows.length === 0 ? <Text className={styles.hint}>{t("publications.none")}</Text> : null}
      {rows.length > 0 ? (
        <ul className={styles.list} aria-label={t("publications.listLabel")}>
          {rows.map((p) => (
            <li key={p.guid} className={styles.listItem}>
              <Checkbox
                checked={selected.has(p.guid)}
                onChange={(_, d) => toggle(p.guid, d.checked === true)}
                label={p.educationYear ? `${p.title} (${educationName(p.educationYear, t)})` : p.title}
              />
              {p.access === "licensed" ? (
                <Badge appearance="tint" color="success">
                  {t("publications.licensed")}
                </Badge>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Text as="p" size={200} className={styles.hint}>
        <Link to="/license">{t("publications.redeemHint")}</Link>
      </Text>
      <GroupError message={error("publicationGuids")} />
    </Section>
  );
}
