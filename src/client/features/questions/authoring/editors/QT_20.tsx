import { Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ImageField } from "./ImageField";
import { ErrorText, imageMessage, readImage, useEditorStyles, withOptional } from "./edit-shared";
import type { EditorProps } from "./types";

/* Pencil (QT_20): students draw, on a blank canvas or on an optional background image; the teacher grades the drawing. */
export default function PencilEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  return (
    <div className={styles.root}>
      <Text size={200} className={styles.note}>
        {t("editors.pencil.note")}
      </Text>
      <ImageField label={t("editors.pencil.background")} value={readImage(draft.background)} onChange={(image) => onChange(withOptional(draft, "background", image))} />
      <ErrorText message={imageMessage(t, issues, "background")} />
    </div>
  );
}
