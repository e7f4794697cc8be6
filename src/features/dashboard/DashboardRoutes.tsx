import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { chatDashboardRoutes } from '../chat/chatRoutes';
import { eventDashboardRoutes } from '../events/eventRoutes';
import { profileDashboardRoutes } from '../profile/profileRoutes';
import { DashboardLayout } from './DashboardLayout';

const DashboardHome = lazy(() => import('./DashboardHome').then((m) => ({ default: m.DashboardHome })));
const NotificationsPage = lazy(() => import('../notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));

/** Everything under /dashboard, relative to it. */
const dashboardRoutes: RouteObject[] = [
  {
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardHome /> },
      ...profileDashboardRoutes,
      ...chatDashboardRoutes,
      ...eventDashboardRoutes,
      { path: 'notifications', element: <NotificationsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The dashboard's routes come with its chunk, not with the first download (docs/adr/0036):
 * app/routes.tsx mounts this at /dashboard/* behind RequireAuth.
 */
export function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
