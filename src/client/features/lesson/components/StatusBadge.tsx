import { Badge } from "@fluentui/react-components";
import { CalendarClockRegular, CheckmarkCircleRegular, EditRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { PublicationStatus } from "../../../../contracts/lessons";
import { formatDateTime } from "../../course/components/format";

/** Draft / Scheduled for <date> / Published (spec §4). */
export function StatusBadge({ status, publishAt }: { status: PublicationStatus; publishAt: string | null }) {
  const { t, i18n } = useTranslation("lesson");
  if (status === "published") {
    return (
      <Badge appearance="tint" color="success" icon={<CheckmarkCircleRegular />}>
        {t("status.published")}
      </Badge>
    );
  }
  if (status === "scheduled") {
    return (
      <Badge appearance="tint" color="warning" icon={<CalendarClockRegular />}>
        {publishAt ? t("status.scheduledFor", { date: formatDateTime(publishAt, i18n.language) }) : t("status.scheduled")}
      </Badge>
    );
  }
  return (
    <Badge appearance="tint" color="informative" icon={<EditRegular />}>
      {t("status.draft")}
    </Badge>
  );
}
