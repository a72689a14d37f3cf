import { Button, type ButtonProps } from "@fluentui/react-components";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../ui/Avatar";

/** The profile menu's button: the reader's avatar, named for screen readers. */
export const ProfileButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function ProfileButton({ name, ...props }, ref) {
  const { t } = useTranslation("common");
  return (
    <Button {...props} ref={ref} appearance="transparent" shape="circular" aria-label={t("shell.profileMenu", { name })}>
      <UserAvatar name={name} decorative />
    </Button>
  );
});
