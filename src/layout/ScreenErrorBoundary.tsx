import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useLocation, useTranslate } from 'react-admin';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the address) clears the error: moving to another screen always tries afresh. */
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: Error | null; resetKey: string }> {
  state = { error: null as Error | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(() => this.setState({ error: null })) : this.props.children;
  }
}

/**
 * Catches a screen that fails while drawing, inside the frame: the menu and top bar stay, and
 * "Try again" draws the screen again without reloading the app (react-admin's own page offers only Back).
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Boundary
      resetKey={pathname}
      fallback={(retry) => (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>{translate('console.screenError.title')}</AlertTitle>
          {translate('console.screenError.message')}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" size="small" startIcon={<RefreshIcon />} onClick={retry}>
              {translate('console.screenError.retry')}
            </Button>
            <Button size="small" onClick={() => window.history.back()}>
              {translate('ra.action.back')}
            </Button>
          </Stack>
        </Alert>
      )}
    >
      {children}
    </Boundary>
  );
}
