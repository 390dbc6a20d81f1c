import { Component, type ReactNode } from 'react';

type TProps = { name: string; children: ReactNode };
type TState = { failed: boolean };

/** Keeps one failing island (a chunk that did not load, a render error) from taking others down. */
export class IslandBoundary extends Component<TProps, TState> {
  override state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`Island "${this.props.name}" failed`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
