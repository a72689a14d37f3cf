import { Button, makeStyles, ProgressBar, Text, tokens, Tooltip } from "@fluentui/react-components";
import { DismissRegular, ImageAddRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_IMAGE_LIMITS, type ChatImageUnreadReason, type ChatImageView } from "../../../contracts/chatbot-base";
import { currentEditionSlug } from "../../app/edition";
import { useAppSelector } from "../../app/store";
import { errorMessage } from "../../ui/errors";
import { selectAuthRecord } from "../auth/authSlice";
import { uploadChatImage } from "./chatbotApi";

/*
 * Spec §1 image attach (ADR 0044): one image per question, checked here for its type and size
 * before it is sent (the server checks the bytes again), uploaded with progress, shown as a
 * thumbnail that can be removed before sending. When nothing on the server reads images the chip
 * says so before the question is sent.
 */

const useStyles = makeStyles({
  chip: {
    display: "grid",
    gridTemplateColumns: "auto 1fr auto",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  thumb: { width: "48px", height: "48px", objectFit: "cover", borderRadius: tokens.borderRadiusSmall },
  text: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  note: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  input: { display: "none" },
});

export type Attachment = { name: string; preview: string; progress: number; image: ChatImageView | null };

/** The attachment's state and actions: choose (checks, uploads), remove, and take it for a question. */
export function useImageAttachment() {
  const { t } = useTranslation(["chatbot", "errors"]);
  const token = useAppSelector(selectAuthRecord)?.token;
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const current = useRef<Attachment | null>(null);
  useEffect(() => {
    current.current = attachment;
  }, [attachment]);

  // Closing the panel stops an upload and frees the chip's preview (a taken one is the panel's to free).
  useEffect(
    () => () => {
      upload.current?.abort();
      if (current.current) URL.revokeObjectURL(current.current.preview);
    },
    [],
  );

  const clear = (revoke: boolean) => {
    upload.current?.abort();
    upload.current = null;
    if (revoke && current.current) URL.revokeObjectURL(current.current.preview);
    setAttachment(null);
  };

  const choose = async (file: File) => {
    setError(null);
    if (!(CHAT_IMAGE_LIMITS.mimeTypes as readonly string[]).includes(file.type)) {
      setError(t("errors:CHAT_IMAGE_TYPE"));
      return;
    }
    if (file.size > CHAT_IMAGE_LIMITS.maxBytes) {
      setError(t("errors:FILE_TOO_LARGE", { max: `${CHAT_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB` }));
      return;
    }
    clear(true);
    const preview = URL.createObjectURL(file);
    setAttachment({ name: file.name, preview, progress: 0, image: null });
    const controller = new AbortController();
    upload.current = controller;
    try {
      const image = await uploadChatImage({
        file,
        token,
        edition: currentEditionSlug(),
        signal: controller.signal,
        onProgress: (progress) => setAttachment((a) => (a && a.preview === preview ? { ...a, progress } : a)),
      });
      setAttachment((a) => (a && a.preview === preview ? { ...a, progress: 1, image } : a));
    } catch (err) {
      if (controller.signal.aborted) return;
      URL.revokeObjectURL(preview);
      setAttachment(null);
      setError(errorMessage(t, err));
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  return {
    attachment,
    error,
    uploading: attachment !== null && attachment.image === null,
    choose,
    remove: () => {
      setError(null);
      clear(true);
    },
    /** The uploaded image for the question being sent; the chip goes (its preview now shows with the question). */
    take: (): { guid: string; preview: string } | null => {
      const a = current.current;
      if (!a?.image) return null;
      setAttachment(null);
      return { guid: a.image.guid, preview: a.preview };
    },
  };
}

/** The attach button (a hidden file input behind it). */
export function AttachButton({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip content={t("image.attach")} relationship="label">
        <Button icon={<ImageAddRegular />} disabled={disabled} onClick={() => input.current?.click()} />
      </Tooltip>
      <input
        ref={input}
        className={styles.input}
        type="file"
        tabIndex={-1}
        aria-hidden
        accept={CHAT_IMAGE_LIMITS.mimeTypes.join(",")}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** The attached image before it is sent: thumbnail, name, progress, whether it will be read, and Remove. */
export function AttachmentChip({ attachment, unreadReason, onRemove }: { attachment: Attachment; unreadReason: ChatImageUnreadReason | null; onRemove: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("chatbot");
  return (
    <div role="group" aria-label={t("image.attached")} className={styles.chip}>
      <img src={attachment.preview} alt={attachment.name} className={styles.thumb} />
      <div className={styles.text}>
        <Text size={200} weight="semibold" className={styles.name}>
          {attachment.name}
        </Text>
        {attachment.image ? (
          <Text size={200} className={styles.note}>
            {unreadReason ? t(`image.unread.${unreadReason}`) : t("image.ready")}
          </Text>
        ) : (
          <ProgressBar value={attachment.progress} max={1} aria-label={t("image.uploading")} />
        )}
      </div>
      <Tooltip content={t("image.remove")} relationship="label">
        <Button appearance="subtle" size="small" icon={<DismissRegular />} onClick={onRemove} />
      </Tooltip>
    </div>
  );
}

export function AttachmentError({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <p role="alert" className={styles.error}>
      {text}
    </p>
  );
}
