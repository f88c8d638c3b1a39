import { Component, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  /** What to show instead of the children once one of them has thrown. */
  fallback: (error: Error) => ReactNode;
  /** The boundary starts over when this changes (the page address, typically). */
  resetKey: string;
  children: ReactNode;
};

type ErrorBoundaryState = { error: Error | undefined; resetKey: string };

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey } : null;
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
