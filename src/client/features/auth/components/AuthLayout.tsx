import type { FormEvent, ReactNode } from "react";
import { EditionLogo } from "./EditionLogo";
import "./auth.css";

type LayoutProps = { title: string; titleId?: string; withLogo?: boolean; children: ReactNode };

/**
 * The card of every sign-in page with the page's single h1. The `<main>` landmark around it
 * belongs to the shell's layout (ShellLayout), so this must not add a second one.
 */
export function AuthLayout({ title, titleId, withLogo = false, children }: LayoutProps) {
  return (
    <div className="auth-frame">
      <div className="auth-panel">
        {withLogo ? <EditionLogo /> : null}
        {/* Fluent's Title2 look in auth.css: the Text component would add its styles to the login's first load. */}
        <h1 id={titleId} className="auth-title">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

type FormProps = { onSubmit: () => void; children: ReactNode; /** For a submit button outside the form (dialog footers). */ id?: string };

/**
 * A form that submits on Enter and leaves validation to our own messages (`noValidate`), so
 * the browser's untranslated bubbles never appear.
 */
export function AuthForm({ onSubmit, children, id }: FormProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} noValidate onSubmit={submit} className="auth-form">
      {children}
    </form>
  );
}

export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className="auth-links">{children}</div>;
}
