import { EVENT_MSG } from '@contract/plain/events';
import { registerErrorToast } from '../../api/errorToasts';
import { errorMsg } from '../../api/errors';

/**
 * Spec section 8 texts of the event calls. Registered by the event pages (lazy chunks) rather
 * than by eventsApi, which is in the first download: the event texts are needed only from there on.
 */
export const SOMETHING_WENT_WRONG = 'Coś poszło nie tak, spróbuj ponownie';

registerErrorToast('deleteEvent', SOMETHING_WENT_WRONG);
registerErrorToast('finishEvent', SOMETHING_WENT_WRONG);
registerErrorToast('leaveEvent', EVENT_MSG.cannotLeave);
// 'Już masz status dla tego wydarzenia', or why else the server said no (rejected, finished).
registerErrorToast('joinEvent', (error) => errorMsg(error) ?? EVENT_MSG.alreadyHasStatus);
