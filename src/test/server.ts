import { setupServer } from 'msw/node';
import { channelsDefaultHandlers } from './channelsHandlers';
import { chatDefaultHandlers } from './chatHandlers';
import { eventDefaultHandlers } from './eventHandlers';
import { notificationDefaultHandlers } from './notificationHandlers';
import { profileDefaultHandlers } from './profileHandlers';
import { securityDefaultHandlers } from './securityHandlers';

/** One MSW server for the client tests; each test adds its handlers with `server.use`. */
export const server = setupServer(
  ...chatDefaultHandlers, ...eventDefaultHandlers, ...notificationDefaultHandlers, ...profileDefaultHandlers, ...securityDefaultHandlers,
  ...channelsDefaultHandlers,
);
