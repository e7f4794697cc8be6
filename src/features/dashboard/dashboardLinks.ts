/** The sidebar's links, in the spec's order. */
export const DASHBOARD_LINKS = [
  { to: '/dashboard/find-event', label: 'Znajdź Wydarzenie' },
  { to: '/dashboard/add-event', label: 'Stwórz Wydarzenie' },
  { to: '/dashboard/chat', label: 'Chat' },
  { to: '/dashboard/my-events', label: 'Moje Wydarzenia' },
  { to: '/dashboard/ranking', label: 'Ranking' },
  { to: '/dashboard/premium', label: 'Premium' },
  { to: '/dashboard/profile', label: 'Profil' },
  { to: '/dashboard/settings-event', label: 'Ustawienia' },
] as const;

export const SIDEBAR_ID = 'dashboard-sidebar';
