import { createSlice } from '@reduxjs/toolkit';

/** The navbar's toggle and the dashboard's sidebar live in different layouts, so they share this. */
interface DashboardState {
  sidebarOpen: boolean;
}

const initialState: DashboardState = { sidebarOpen: true };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    sidebarClosed(state) {
      state.sidebarOpen = false;
    },
  },
});

export const { sidebarToggled, sidebarClosed } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
