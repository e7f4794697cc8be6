import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { RequireAuth } from '../features/session/RequireAuth';
import { RootLayout } from './RootLayout';

// Every page is its own chunk (grouped by who loads them in vite.config.ts): the first download holds
// what every page needs, and a signed-in page does not carry the landing and login pages (docs/adr/0102).
const LandingPage = lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => import('../features/session/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../features/session/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/session/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/session/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const RegisterOauthPage = lazy(() =>
  import('../features/session/RegisterOauthPage').then((m) => ({ default: m.RegisterOauthPage })),
);
// The dashboard's own routes come with its chunk (docs/adr/0036).
const DashboardRoutes = lazy(() =>
  import('../features/dashboard/DashboardRoutes').then((m) => ({ default: m.DashboardRoutes })),
);

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
      // Finishing a Google sign-up is public: the person has no session yet.
      { path: 'register-oauth', element: <RegisterOauthPage /> },
      {
        path: 'dashboard/*',
        element: (
          <RequireAuth>
            <DashboardRoutes />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
