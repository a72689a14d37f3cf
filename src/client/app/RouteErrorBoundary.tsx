import { Component, type ErrorInfo, type ReactNode } from "react";
import { isChunkLoadError, reloadPage } from "./chunkErrors";
import { LoadFailed } from "./LoadFailed";

type Props = {
  /** What a page that threw shows (default: the generic error with Retry, which renders it again). */
  fallback?: (retry: () => void) => ReactNode;
  /** How Retry reloads the page after a chunk failed to load (tests pass their own). */
  reload?: () => void;
  children: ReactNode;
};
type State = { failed: false } | { failed: true; chunk: boolean };

/**
 * Catches a page that throws or a route chunk that fails to load (e.g. after a release replaced
 * it), so the shell stays usable and the reader can retry. A chunk that failed never loads on a
 * second try (React.lazy keeps the rejection, and the old chunk names are gone from the server),
 * so its Retry reloads the page; and its message is in the entry, not behind another chunk.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, chunk: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("route failed", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.state.chunk) return <LoadFailed chunk onRetry={this.props.reload ?? reloadPage} />;
    const retry = () => this.setState({ failed: false });
    return this.props.fallback ? this.props.fallback(retry) : <LoadFailed chunk={false} onRetry={retry} />;
  }
}
