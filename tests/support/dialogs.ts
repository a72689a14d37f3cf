import { waitFor, within } from "@testing-library/react";

/**
 * Fluent dialogs in jsdom. On a loaded machine Tabster (Fluent's focus manager) can mark a freshly
 * opened dialog aria-hidden when its "hide the rest of the page" timer fires before the dialog's
 * focus-in effect (jsdom runs both on timers). Chromium never shows this, and the e2e suite opens
 * the same dialogs there. So tests find the dialog by its role attribute, hidden or not, and read
 * its title through aria-labelledby, which does not depend on the hidden state. A selector, not a
 * role query: role queries walk every node's computed style, which over a large Fluent form under
 * jsdom costs seconds per poll.
 */
const DIALOG_WAIT = { timeout: 15_000 };

export async function findDialog(title: string, role: "dialog" | "alertdialog" = "alertdialog"): Promise<HTMLElement> {
  return waitFor(() => {
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>(`[role="${role}"]`));
    const dialog = dialogs.find((d) => document.getElementById(d.getAttribute("aria-labelledby") ?? "")?.textContent?.trim() === title);
    if (!dialog) throw new Error(`no ${role} titled "${title}" (open: ${dialogs.map((d) => d.getAttribute("aria-labelledby")).join(", ") || "none"})`);
    return dialog;
  }, DIALOG_WAIT);
}

/** An alert dialog's confirm or cancel button, by its label. */
export function dialogButton(dialog: HTMLElement, label: string): HTMLElement {
  return within(dialog).getByRole("button", { name: label, hidden: true });
}

export const dialogClosed = (): boolean => document.querySelector('[role="alertdialog"], [role="dialog"]') === null;
