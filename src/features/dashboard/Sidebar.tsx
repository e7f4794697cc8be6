import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { DASHBOARD_LINKS, SIDEBAR_ID } from './dashboardLinks';

export function Sidebar() {
  const open = useAppSelector((state) => state.dashboard.sidebarOpen);
  return (
    <nav id={SIDEBAR_ID} className="dashboard-sidebar" aria-label="Menu aplikacji" hidden={!open}>
      <ul>
        {DASHBOARD_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="dashboard-sidebar-link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
