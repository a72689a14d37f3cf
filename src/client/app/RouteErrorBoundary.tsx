import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = { fallback: (retry: () => void) => ReactNode; children: ReactNode };
type State = { failed: boolean };

/**
 * Catches a page that throws or a route chunk that fails to load (e.g. after a release replaced
 * it), so the shell stays usable and the reader can retry.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("route failed", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback(() => this.setState({ failed: false }));
    return this.props.children;
  }
}
