import { startTransition, useEffect, useState } from 'react';
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
import { VersionConflictDialog } from './VersionConflictDialog';
import { ScreenLoading } from '../components/ScreenLoading';

/**
 * The console frame around every signed-in screen: react-admin's layout plumbing (skip link,
 * error boundary, suspense) with the product's top bar, sidebar and menu, plus the panels and
 * dialogs that float above it.
 */
export function ConsoleLayout({ children }: LayoutProps) {
  const stage = useDrawingStage();
  const { horizontal } = useFrame();
  const topOffset = `${TOPBAR_HEIGHT_PX + (horizontal ? HORIZONTAL_MENU_HEIGHT_PX : 0)}px`;
  // The loading screen the frame's own chunk showed (App) until the frame is drawn.
  if (stage === 'loading') return <ScreenLoading />;
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
        <ScreenErrorBoundary>{stage === 'screen' ? children : null}</ScreenErrorBoundary>
      </Layout>
      <SettingsPanel />
      <ProfileFlowHost />
      <LoadingDialog />
      <VersionConflictDialog />
    </>
  );
}

const STAGES = ['loading', 'frame', 'screen'] as const;

/**
 * The frame and its first screen are drawn in two steps, each a transition React draws in slices of a
 * few milliseconds, with the page free between them. Mounted at once they were one render of the
 * whole frame and list, started by the answer that let the person in (react-query's store, which
 * React renders in one piece): the longest task of the first signed-in load (total blocking
 * time). Only the first mount is staged; the frame stays for every later screen.
 */
function useDrawingStage(): (typeof STAGES)[number] {
  // Per page load, not per mount: react-admin mounts the frame anew when the language changes, and
  // a second staging left the Settings panel (where the language was chosen) away long enough to miss an Escape.
  const [stage, setStage] = useState(() => (frameDrawn ? STAGES.length - 1 : 0));
  useEffect(() => {
    if (stage < STAGES.length - 1) startTransition(() => setStage(stage + 1));
    else frameDrawn = true;
  }, [stage]);
  return STAGES[stage];
}

/** Whether this page has drawn the frame once already. */
let frameDrawn = false;
