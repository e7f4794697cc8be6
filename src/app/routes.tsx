import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { eventDashboardRoutes } from '../features/events/eventRoutes';
import { chatDashboardRoutes } from '../features/chat/chatRoutes';
import { LandingPage } from '../features/landing/LandingPage';
import { profileDashboardRoutes, registerOauthRoute } from '../features/profile/profileRoutes';
import { LoginPage } from '../features/session/LoginPage';
import { RequireAuth } from '../features/session/RequireAuth';
import { RootLayout } from './RootLayout';

// Every page but the landing and login pages is its own chunk: the dashboard carries the map library.
// Those two come with the first download, which stays small enough for both (docs/adr/0035).
const RegisterPage = lazy(() => import('../features/session/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/session/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/session/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardLayout = lazy(() =>
  import('../features/dashboard/DashboardLayout').then((m) => ({ default: m.DashboardLayout })),
);
const DashboardHome = lazy(() => import('../features/dashboard/DashboardHome').then((m) => ({ default: m.DashboardHome })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forget-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'new-password/:token', element: <ResetPasswordPage /> },
      registerOauthRoute,
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardHome /> },
          ...profileDashboardRoutes,
          ...chatDashboardRoutes,
          ...eventDashboardRoutes,
          // Screens of later issues: until they exist, an honest not-found page.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
