import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ChatPage = lazy(() => import('./ChatPage').then((m) => ({ default: m.ChatPage })));

/** /dashboard/chat, its own chunk as every page. */
export const chatDashboardRoutes: RouteObject[] = [{ path: 'chat', element: <ChatPage /> }];
