import { Layout, type LayoutProps } from 'react-admin';
import { LoadingDialog } from './LoadingDialog';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ProfileFlowHost } from '../profile/ProfileFlowHost';
import { HORIZONTAL_MENU_HEIGHT_PX, TOPBAR_HEIGHT_PX } from './frameMetrics';
import { SettingsPanel } from './settings/SettingsPanel';
import { Sidebar } from './Sidebar';
import { SidebarMenu } from './SidebarMenu';
import { TopBar } from './TopBar';
import { useFrame } from './useFrame';

/**
 * The console frame around every signed-in screen: react-admin's layout plumbing (skip link,
 * error boundary, suspense) with the product's top bar, sidebar and menu, plus the panels and
 * dialogs that float above it.
 */
export function ConsoleLayout({ children }: LayoutProps) {
  const { horizontal } = useFrame();
  const topOffset = `${TOPBAR_HEIGHT_PX + (horizontal ? HORIZONTAL_MENU_HEIGHT_PX : 0)}px`;
  return (
    <>
      <Layout
        appBar={TopBar}
        sidebar={Sidebar}
        menu={SidebarMenu}
        sx={(theme) => ({
          '& .RaLayout-appFrame': { marginTop: topOffset, [theme.breakpoints.down('sm')]: { marginTop: topOffset } },
          // react-admin's layout is as wide as its content's narrowest fit: contained, the content column
          // is as wide as the screen, and whatever is wider scrolls inside itself rather than the page.
          '& .RaLayout-content': { padding: { xs: 1.5, md: 3 }, minWidth: 0, contain: 'inline-size' },
        })}
      >
        <ScreenErrorBoundary>{children}</ScreenErrorBoundary>
      </Layout>
      <SettingsPanel />
      <ProfileFlowHost />
      <LoadingDialog />
    </>
  );
}
