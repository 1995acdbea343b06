import { Layout, type LayoutProps } from 'react-admin';
import { AppMenu } from './AppMenu';

/** react-admin's default layout with the rank-filtered menu; the product shell replaces it later. */
export function AppLayout(props: LayoutProps) {
  return <Layout {...props} menu={AppMenu} />;
}
