// Global styles first, so component stylesheets can refine them.
import './styles/global.css';
import './styles/buttons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { startApp } from './app/startup';
import { setupStore } from './app/store';
import { registerServiceWorker } from './pwa/registerServiceWorker';

const store = setupStore();
startApp(store);
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
