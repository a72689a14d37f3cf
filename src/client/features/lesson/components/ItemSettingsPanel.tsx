import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, InlineDrawer } from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { LessonItem } from "../../../../contracts/lessons";
import { ItemSettingsForm } from "./ItemSettingsForm";
import { useLessonStyles } from "./lessonStyles";

/** The general-settings sidebar beside the item list (spec §3): one selected item's publication and settings. */
export function ItemSettingsPanel({ item, onClose }: { item: LessonItem | undefined; onClose: () => void }) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  return (
    <InlineDrawer as="aside" open={item !== undefined} position="end" separator className={styles.drawer} aria-label={t("settings.title")}>
      {item ? (
        <>
          <DrawerHeader>
            <DrawerHeaderTitle
              heading={{ as: "h2" }}
              action={<Button appearance="subtle" aria-label={t("settings.close")} icon={<DismissRegular />} onClick={onClose} />}
            >
              {t("settings.title")}
            </DrawerHeaderTitle>
            <p className={styles.muted}>{item.title}</p>
          </DrawerHeader>
          <DrawerBody>
            <ItemSettingsForm key={item.guid} item={item} showTitle={false} onDeleted={onClose} />
          </DrawerBody>
        </>
      ) : null}
    </InlineDrawer>
  );
}
