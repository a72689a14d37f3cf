import { screen, within } from "@testing-library/react";

/**
 * Fluent dialogs in jsdom. On a loaded machine Tabster (Fluent's focus manager) can mark a freshly
 * opened dialog aria-hidden when its "hide the rest of the page" timer fires before the dialog's
 * focus-in effect (jsdom runs both on timers). Chromium never shows this, and the e2e suite opens
 * the same dialogs there. So tests find the dialog including hidden nodes and read its title
 * through aria-labelledby, which does not depend on the hidden state.
 */
const DIALOG_WAIT = { timeout: 10_000 };

export async function findDialog(title: string, role: "dialog" | "alertdialog" = "alertdialog"): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { hidden: true }, DIALOG_WAIT);
  const labelledBy = dialog.getAttribute("aria-labelledby") ?? "";
  expect(document.getElementById(labelledBy)).toHaveTextContent(title);
  return dialog;
}

/** An alert dialog's confirm or cancel button, by its label. */
export function dialogButton(dialog: HTMLElement, label: string): HTMLElement {
  return within(dialog).getByRole("button", { name: label, hidden: true });
}

export const dialogClosed = (): boolean => document.querySelector('[role="alertdialog"], [role="dialog"]') === null;
