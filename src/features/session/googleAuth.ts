import type * as FirebaseAuth from 'firebase/auth';
import type { ProvidersResponse } from '@contract/users';

type GoogleConfig = NonNullable<ProvidersResponse['google']>;

export interface GoogleProfile {
  email: string;
  googleIdToken: string;
  displayName: string | null;
  photoURL: string | null;
}

/** The person closed the popup or started another: not an error worth a notice. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

export function isCancelled(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CANCELLED.has(code);
}

/** Firebase is big: it is downloaded only when somebody is about to use the Google button. */
export function preloadFirebase(): Promise<unknown> {
  return Promise.all([import('firebase/app'), import('firebase/auth')]);
}

let authPromise: Promise<{ auth: FirebaseAuth.Auth; lib: typeof FirebaseAuth }> | null = null;

async function firebaseAuth(config: GoogleConfig) {
  authPromise ??= (async () => {
    const [{ initializeApp }, lib] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, 'graj-razem');
    // Our own session is the one that counts; Firebase's is only kept for the length of the popup.
    const auth = lib.initializeAuth(app, { persistence: lib.inMemoryPersistence, popupRedirectResolver: lib.browserPopupRedirectResolver });
    if (config.emulatorHost) lib.connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
    return { auth, lib };
  })().catch((error) => {
    authPromise = null;
    throw error;
  });
  return authPromise;
}

/** Google's popup, then the Firebase ID token our server verifies. */
export async function signInWithGoogle(config: GoogleConfig): Promise<GoogleProfile> {
  const { auth, lib } = await firebaseAuth(config);
  const provider = new lib.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const { user } = await lib.signInWithPopup(auth, provider);
  const googleIdToken = await user.getIdToken();
  const profile = { email: user.email ?? '', googleIdToken, displayName: user.displayName, photoURL: user.photoURL };
  await lib.signOut(auth);
  return profile;
}
