/**
 * A spinner for the boot path (splash, page loading) and inline busy buttons. Fluent's Spinner
 * does the same in lazy screens; this one is plain CSS (app/global.css, brand-coloured through
 * Fluent's token variables) so it adds nothing to the entry's JavaScript. The caller gives the
 * live-region role when one is needed.
 */
export function BusyIndicator({ label, size = "medium" }: { label?: string; size?: "tiny" | "medium" | "large" }) {
  return (
    <span className="app-busy">
      <span className={size === "medium" ? "app-busy__ring" : `app-busy__ring app-busy__ring--${size}`} aria-hidden="true" />
      {label ? <span className="app-busy__label">{label}</span> : null}
    </span>
  );
}
