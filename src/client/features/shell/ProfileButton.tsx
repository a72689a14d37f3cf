import { Button, type ButtonProps } from "@fluentui/react-components";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector, type RootState } from "../../app/store";
import { UserAvatar } from "../../ui/Avatar";

/**
 * A gamified student's equipped frame colour, read from the gamification slice when it is there
 * (features/gamification loads it with the header's chip). Not imported: the avatar is in every
 * first load, and only gamified students ever load that feature.
 */
const selectFrameColour = (state: RootState): string | null =>
  (state as { gamification?: { colours?: { avatarFrame: string | null } } }).gamification?.colours?.avatarFrame ?? null;

/** The profile menu's button: the reader's avatar, named for screen readers. */
export const ProfileButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function ProfileButton({ name, ...props }, ref) {
  const { t } = useTranslation("common");
  const ring = useAppSelector(selectFrameColour);
  return (
    <Button {...props} ref={ref} appearance="transparent" shape="circular" aria-label={t("shell.profileMenu", { name })}>
      <UserAvatar name={name} decorative ringColour={ring} />
    </Button>
  );
});
