import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { Fragment, type MouseEvent, type ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";

export type BreadcrumbLink = { id: string; label: string; href: string };

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalL },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  title: { margin: 0, flexGrow: 1 },
});

/** A breadcrumb link that navigates inside the app (no page reload) and still is a real link. */
function CrumbLink({ crumb, current }: { crumb: BreadcrumbLink; current: boolean }) {
  const href = useHref(crumb.href);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(crumb.href);
  if (current) return <BreadcrumbButton current>{crumb.label}</BreadcrumbButton>;
  return (
    <BreadcrumbButton as="a" href={href} onClick={(e: MouseEvent<HTMLAnchorElement>) => onClick(e)}>
      {crumb.label}
    </BreadcrumbButton>
  );
}

export type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  breadcrumb?: readonly BreadcrumbLink[];
  breadcrumbLabel?: string;
  /** Page-level actions shown beside the title. */
  actions?: ReactNode;
  /** A line under the title (e.g. a date or a role). */
  subtitle?: ReactNode;
};

export function PageHeader({ title, breadcrumb = [], breadcrumbLabel, actions, subtitle }: PageHeaderProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {breadcrumb.length > 1 ? (
        <Breadcrumb aria-label={breadcrumbLabel} size="small">
          {breadcrumb.map((crumb, i) => (
            <Fragment key={crumb.id}>
              <BreadcrumbItem>
                <CrumbLink crumb={crumb} current={i === breadcrumb.length - 1} />
              </BreadcrumbItem>
              {i < breadcrumb.length - 1 ? <BreadcrumbDivider /> : null}
            </Fragment>
          ))}
        </Breadcrumb>
      ) : null}
      <div className={styles.row}>
        <Text as="h1" size={800} weight="semibold" className={styles.title}>
          {title}
        </Text>
        {actions}
      </div>
      {subtitle ? <Text size={300}>{subtitle}</Text> : null}
    </div>
  );
}
