import { Avatar, type AvatarProps } from "@fluentui/react-components";

export type UserAvatarProps = {
  name: string;
  size?: AvatarProps["size"];
  imageUrl?: string;
  /** Decorative when the name is written next to it, so screen readers do not hear it twice. */
  decorative?: boolean;
};

/** A person's avatar: their photo, else initials on a colour derived from the name. */
export function UserAvatar({ name, size = 32, imageUrl, decorative = false }: UserAvatarProps) {
  return (
    <Avatar
      name={name}
      size={size}
      color="colorful"
      image={imageUrl ? { src: imageUrl } : undefined}
      aria-hidden={decorative ? true : undefined}
    />
  );
}
