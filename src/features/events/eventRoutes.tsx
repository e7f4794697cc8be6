import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each screen is its own chunk, as in app/routes.tsx.
const FindEventPage = lazy(() => import('./find/FindEventPage').then((m) => ({ default: m.FindEventPage })));
const AddEventPage = lazy(() => import('./form/AddEventPage').then((m) => ({ default: m.AddEventPage })));
const MyEventsPage = lazy(() => import('./mine/MyEventsPage').then((m) => ({ default: m.MyEventsPage })));
const EventDetailPage = lazy(() => import('./detail/EventDetailPage').then((m) => ({ default: m.EventDetailPage })));
const EventManagementPage = lazy(() => import('./manage/EventManagementPage').then((m) => ({ default: m.EventManagementPage })));

/** Dashboard screens of issue 3: find, create, my games, a game's page and its management. */
export const eventDashboardRoutes: RouteObject[] = [
  { path: 'find-event', element: <FindEventPage /> },
  { path: 'add-event', element: <AddEventPage /> },
  { path: 'my-events', element: <MyEventsPage /> },
  { path: 'event/:id', element: <EventDetailPage /> },
  { path: 'event/edit/:id', element: <EventManagementPage /> },
];
