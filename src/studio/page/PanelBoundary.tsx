import { Alert, Code } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/**
 * Keeps a panel's fault inside it: a screen that throws in the preview (a widget that needs
 * something the preview does not give) shows why, and the rest of the studio goes on.
 */
export class PanelBoundary extends Component<{ children: ReactNode; what: string }, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" title={`${this.props.what} failed`} role="alert">
        <Code block>{error.message}</Code>
      </Alert>
    );
  }
}
