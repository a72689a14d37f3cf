import { lazy, Suspense, type ReactNode } from "react";
import { useOpenedOnce } from "./useOpenedOnce";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** A translated error from the last attempt, shown above the buttons. */
  error?: string;
};

// Fluent's dialog and tabster's modal focus trap load with the first dialog a person opens.
const ConfirmDialogSurface = lazy(() =>
  import(/* webpackChunkName: "confirm-dialog" */ "./ConfirmDialogSurface").then((m) => ({ default: m.ConfirmDialogSurface })),
);

/**
 * "Are you sure?" before anything that cannot be undone (delete a post, a class, a new key).
 * Nothing is mounted until it first opens: a closed Fluent dialog still starts tabster's modal
 * manager, which puts two focusable aria-hidden sentinels on <body> (axe's aria-hidden-focus), and
 * every panel of the class page carries one. Once opened it stays mounted, so closing animates.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogSurface {...props} />
    </Suspense>
  );
}
