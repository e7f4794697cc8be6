import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each screen is its own chunk, as in app/routes.tsx.
const OwnProfilePage = lazy(() => import('./OwnProfilePage').then((m) => ({ default: m.OwnProfilePage })));
const ProfileEditPage = lazy(() => import('./ProfileEditPage').then((m) => ({ default: m.ProfileEditPage })));
const PlayerProfilePage = lazy(() => import('../players/PlayerProfilePage').then((m) => ({ default: m.PlayerProfilePage })));
const RankingPage = lazy(() => import('../ranking/RankingPage').then((m) => ({ default: m.RankingPage })));
const ReportPage = lazy(() => import('../reports/ReportPage').then((m) => ({ default: m.ReportPage })));
const SettingsPage = lazy(() => import('../settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const PremiumPage = lazy(() => import('../premium/PremiumPage').then((m) => ({ default: m.PremiumPage })));

/** Dashboard screens of profiles, ranking, reports, settings and premium. */
export const profileDashboardRoutes: RouteObject[] = [
  { path: 'profile', element: <OwnProfilePage /> },
  { path: 'profile-edit', element: <ProfileEditPage /> },
  { path: 'profile-users/:id', element: <PlayerProfilePage /> },
  { path: 'ranking', element: <RankingPage /> },
  { path: 'report', element: <ReportPage /> },
  { path: 'settings-event', element: <SettingsPage /> },
  { path: 'premium', element: <PremiumPage /> },
];
