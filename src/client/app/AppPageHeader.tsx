import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { selectIsAuthenticated } from "../features/auth/authSlice";
import { PageHeader } from "../ui/PageHeader";
import { breadcrumbFor } from "./menu";
import { useAppSelector } from "./store";

export type AppPageHeaderProps = {
  /** The h1; defaults to the current menu entry's label. */
  title?: ReactNode;
  actions?: ReactNode;
  subtitle?: ReactNode;
};

/**
 * A page's header with the breadcrumb built from the menu configuration for the current path.
 * Signed-out readers get no breadcrumb: its links lead to screens they cannot open.
 */
export function AppPageHeader({ title, actions, subtitle }: AppPageHeaderProps) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const crumbs = breadcrumbFor(pathname).map((c) => ({ id: c.id, href: c.href, label: t(c.labelKey) }));
  const last = crumbs[crumbs.length - 1];
  return (
    <PageHeader
      title={title ?? last?.label ?? ""}
      breadcrumb={signedIn ? crumbs : []}
      breadcrumbLabel={t("shell.breadcrumb")}
      actions={actions}
      subtitle={subtitle}
    />
  );
}
