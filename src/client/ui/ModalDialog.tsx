import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
} from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { holdTabster } from "./tabsterHold";

/** The spec's modal sizes (§2). "default" is Fluent's own 600 px dialog. */
export const MODAL_SIZES = ["default", "xxs", "xs", "s", "small", "xl", "xxl", "all-screen"] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

const width = (px: number) => ({ width: `min(${px}px, calc(100vw - 32px))`, maxWidth: "none" });

const useStyles = makeStyles({
  default: {},
  xxs: width(320),
  xs: width(400),
  s: width(480),
  small: width(540),
  xl: width(900),
  xxl: width(1200),
  "all-screen": {
    width: "100vw",
    maxWidth: "none",
    height: "100vh",
    maxHeight: "none",
    borderRadius: 0,
  },
});

export type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  /** Footer buttons; the dialog always has a close button in its title bar too. */
  actions?: ReactNode;
  /** "alert" for dialogs that need an answer (no dismiss by clicking outside). */
  modalType?: "modal" | "alert";
};

export function ModalDialog({ open, onClose, title, size = "default", children, actions, modalType = "modal" }: ModalDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation("common");
  // Tabster must outlive this dialog once it has opened (ui/tabsterHold.ts). Not before: a screen
  // that only carries a closed dialog does not start tabster.
  const surface = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    holdTabster();
    // Fluent has just focused the first control, or the surface itself when tabster's finder
    // declined (a slow device, with a modalizer that closed a moment ago): tabster then takes the
    // surface for outside the active modal and hides it from screen readers. Focus lands on the
    // close button instead, which activates this dialog's modalizer.
    if (document.activeElement === surface.current) close.current?.focus();
  }, [open]);
  return (
    <Dialog open={open} modalType={modalType} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface ref={surface} className={mergeClasses(styles[size])} data-size={size}>
        <DialogBody>
          <DialogTitle
            action={<Button ref={close} appearance="subtle" aria-label={t("actions.close")} icon={<DismissRegular />} onClick={onClose} />}
          >
            {title}
          </DialogTitle>
          <DialogContent>{children}</DialogContent>
          {actions ? <DialogActions>{actions}</DialogActions> : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
