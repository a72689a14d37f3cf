import { Badge, Button, Card, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { ArrowClockwiseRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isFrontofficeHealth } from "../../../contracts/platform-base";
import type { FrontofficeHealth } from "../../../contracts/platform";
import { AppPageHeader } from "../../app/AppPageHeader";
import { ErrorState } from "../../ui/States";
import { humanizeDuration } from "./duration";
import { useGetHealthQuery } from "./platformApi";
import { FactList } from "../../ui/FactList";
import { dateTimeFormat } from "../../i18n/format";

const useStyles = makeStyles({
  card: { maxWidth: "640px", padding: tokens.spacingHorizontalXL },
});

/** platform_health_status is a JSON string on the wire (spec §7); undefined when unreadable. */
export function parseHealth(raw: string): FrontofficeHealth | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isFrontofficeHealth(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const DRIVER_NAMES = { pglite: "PGlite", postgres: "PostgreSQL" } as const;

/** /status: the front office's version, database state and uptime, with a refresh. */
export function StatusPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["platform", "common"]);
  const { data, isLoading, isFetching, isError, refetch } = useGetHealthQuery(undefined, { refetchOnMountOrArgChange: true });
  const health = data ? parseHealth(data.platform_health_status)?.frontoffice : undefined;
  const refresh = (
    <Button icon={isFetching ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />} disabled={isFetching} onClick={() => void refetch()}>
      {t("common:actions.refresh")}
    </Button>
  );

  let body: ReactNode;
  if (isLoading) body = <Spinner label={t("status.loading")} />;
  else if (isError || !health) body = <ErrorState onRetry={() => void refetch()} />;
  else {
    const up = health.database.status === "up";
    const started = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(health.startedAt));
    const facts: Array<[string, ReactNode]> = [
      [t("status.overall"), <Badge key="s" appearance="filled" color={health.status === "ok" ? "success" : "warning"}>{t(`status.states.${health.status}`)}</Badge>],
      [t("status.version"), health.version],
      [
        t("status.database"),
        <Badge key="d" appearance="tint" color={up ? "success" : "danger"}>
          {t(up ? "status.dbUp" : "status.dbDown", { driver: DRIVER_NAMES[health.database.driver] })}
        </Badge>,
      ],
      [t("status.latency"), t("status.latencyValue", { ms: Math.round(health.database.latencyMs) })],
      [t("status.uptime"), humanizeDuration(health.uptimeSeconds, t, i18n.language)],
      [t("status.startedAt"), started],
    ];
    body = (
      <Card className={styles.card} aria-busy={isFetching}>
        <FactList facts={facts} />
      </Card>
    );
  }

  return (
    <>
      <AppPageHeader actions={refresh} />
      {body}
    </>
  );
}
