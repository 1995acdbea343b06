import { Suspense, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource, type LayoutProps } from 'react-admin';
import { Route } from 'react-router';
import { AppTitle } from './layout/AppTitle';
import { ConsoleNotification } from './layout/ConsoleNotification';
import { LayoutStateProvider } from './layout/LayoutStateContext';
import { consoleStore as store, preferenceSync } from './layout/consoleStore';
import { useStoredTheme } from './layout/useStoredTheme';
import { SignIn } from './pages/SignIn';
import { createAuthProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { readLoginSession } from './providers/loginSession';
import { withPreferenceSync } from './providers/preferenceStore';
import { i18nProvider } from './providers/i18nProvider';
import { RankGuard } from './routes/RankGuard';
import { SignInNavigator } from './routes/SignInNavigator';
import { lazyNamed } from './routes/lazyNamed';
import { NEW_PASSWORD_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from './shared/paths';
import { loadConsoleLayout } from './routes/signedInFrame';
import { RESOURCE_RANK, consoleResources, consoleScreens } from './resources/registry';
import { resourceRoutes } from './resources/resourceRoutes';
import { ScreenLoading } from './components/ScreenLoading';

/** canAccess by the ranks the resource declarations give; each person's list settings loaded after sign-in. */
const authProvider = withPreferenceSync(createAuthProvider(RESOURCE_RANK), preferenceSync, () => readLoginSession().userSeq);

// Only the sign-in page is in the initial JavaScript; every other page and the frame load on first use.
const LazyLayout = lazyNamed(loadConsoleLayout, 'ConsoleLayout');
const SignUp = lazyNamed(() => import('./pages/SignUp'), 'SignUp');
const NewPassword = lazyNamed(() => import('./pages/NewPassword'), 'NewPassword');
const NotFound = lazyNamed(() => import('./pages/NotFound'), 'NotFound');

function ConsoleLayout(props: LayoutProps) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <LazyLayout {...props} />
    </Suspense>
  );
}

/** A page outside the frame: the frame's own suspense boundary is not around it. */
function PublicRoute({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The whole console, inside the router of src/main.tsx. The theme is built from the stored layout
 * settings, so a choice in the settings panel restyles every screen at once.
 */
export function App() {
  const theme = useStoredTheme(store);
  return (
    <>
      <SignInNavigator />
      <LayoutStateProvider>
        <Admin
          title={<AppTitle />}
          store={store}
          theme={theme}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          layout={ConsoleLayout}
          notification={ConsoleNotification}
          catchAll={NotFound}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path={SIGN_IN_PATH} element={<SignIn />} />
            <Route path={SIGN_UP_PATH} element={<PublicRoute page={SignUp} />} />
            <Route path={NEW_PASSWORD_PATH} element={<PublicRoute page={NewPassword} />} />
            <Route path={`${NEW_PASSWORD_PATH}/:token`} element={<PublicRoute page={NewPassword} />} />
          </CustomRoutes>
          {consoleResources.map((resource) => (
            <Resource key={resource.name} {...resourceRoutes(resource)} />
          ))}
          <CustomRoutes>
            {consoleScreens.map(({ path, requireRank, view: View }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RankGuard requireRank={requireRank}>
                    <View />
                  </RankGuard>
                }
              />
            ))}
          </CustomRoutes>
        </Admin>
      </LayoutStateProvider>
    </>
  );
}
