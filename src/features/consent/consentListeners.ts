import type { AppStartListening } from '../../app/listener';
import { consentApi } from './consentApi';
import { loadConsent } from './consentSlice';

export function addConsentListeners(startListening: AppStartListening): void {
  // Whenever the accepted flag changes the choice is stored, silently (no toast either way).
  // A choice that was just read from the server is not written back.
  startListening({
    predicate: (action, current, previous) =>
      current.consent.isAccepted !== previous.consent.isAccepted && !loadConsent.fulfilled.match(action),
    effect: async (_action, { dispatch, getState }) => {
      await dispatch(consentApi.endpoints.saveConsent.initiate(getState().consent.preferences));
    },
  });
}
