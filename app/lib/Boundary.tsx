import { Component, type ReactNode } from 'react';
import { encodeConfig } from '../../src/config/url-codec';
import { rememberFailure } from '../store/remembered';
import { useApp } from '../store/store';

interface Props {
  /** What this box shows, in words ("network view", "formula panel"): named in the message. */
  name: string;
  /** When this changes (a new result, another algorithm), a failed box tries again by itself. */
  resetKey?: unknown;
  /** Extra classes of the message box, so it fills the place of what failed. */
  className?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Failures already written to the console, so a view failing on every frame is reported once. */
const reported = new Set<string>();

/**
 * An error boundary: when anything inside throws while rendering (a view that cannot draw, a panel
 * given data it does not expect), only this box shows a short message and a "Try again" button; the
 * rest of the app keeps working. The failure goes to the console once, with the configuration as a
 * link, so it can be reproduced.
 */
export class Boundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new result or configuration: what failed may work now.
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    rememberFailure();
    const key = `${this.props.name}\n${message}`;
    if (reported.has(key)) return;
    reported.add(key);
    const link = `${location.pathname}?${encodeConfig(useApp.getState().config)}`;
    console.error(
      `Optical Collectives Lab: the ${this.props.name} failed (${message}). Configuration: ${link}`,
      error,
    );
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        className={`flex min-h-0 min-w-0 flex-col items-start gap-2 rounded-md border border-danger bg-danger-soft p-3 text-danger ${this.props.className ?? ''}`}
        role="alert"
        data-testid="boundary"
        data-boundary={this.props.name}
      >
        <p>
          <b>The {this.props.name} could not be shown.</b> The rest of the page still works.
        </p>
        <p className="text-sm break-words">{error.message}</p>
        <button
          className="rounded-md border border-danger bg-surface px-3 py-1 text-sm font-medium hover:bg-danger-soft"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
