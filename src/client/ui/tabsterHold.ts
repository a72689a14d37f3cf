import { getParent } from "@fluentui/react-utilities";
import { createTabster, disposeTabster } from "tabster";

let held: ReturnType<typeof createTabster> | undefined;

/**
 * Keeps one reference to the page's tabster (Fluent's focus manager) for as long as the page lives,
 * from the moment the first modal dialog opens (`ui/ModalDialog.tsx`, the app's one modal surface:
 * every dialog goes through it). Not earlier: a live tabster watches every DOM change, work a
 * screen should not pay for at first paint.
 *
 * Fluent creates tabster when a component first needs it and disposes of it when the last such
 * component unmounts. A modal dialog hides the rest of the page from assistive technology
 * (`aria-hidden` on `#root`) through tabster's modalizer. When that dialog was tabster's only user
 * and unmounted together with its screen (creating a class opens the class's page), disposal left
 * `#root` aria-hidden: the new screen was there but unreadable and unreachable by role
 * (classes, assessments and auth e2e, ADR 0030). Fluent's own toaster, mounted with the shell,
 * used to hold tabster for the page's life; ours (ui/toast.tsx) does not use it.
 *
 * The options are Fluent's (`createTabsterWithConfig` in react-tabster's useTabster.js): tabster
 * keeps the first creator's options, so whichever comes first, the instance is the one Fluent
 * would have made.
 */
export function holdTabster(): void {
  if (held || typeof window === "undefined") return;
  held = createTabster(window, {
    autoRoot: {},
    controlTab: false,
    getParent,
    checkUncontrolledCompletely: (element: HTMLElement) => element.firstElementChild?.hasAttribute("data-is-focus-trap-zone-bumper") === true || undefined,
  });
}

/**
 * Lets go of the held tabster. Only for tests: a test file's page (jsdom) lives across its tests,
 * and a modal's tabster state must not reach the next test's fresh render.
 */
export function releaseTabster(): void {
  if (held) disposeTabster(held);
  held = undefined;
}
