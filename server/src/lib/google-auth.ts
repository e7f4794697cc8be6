import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { OAUTH_MSG, type ProvidersResponse } from '@contract/users';
import type { Config } from '../config';
import { UnauthorizedError } from './errors';

export interface GoogleIdentity {
  /** Firebase's stable id of the person in our Firebase project. */
  uid: string;
  email: string;
  /** When the person last signed in to Google (seconds since the epoch), for fresh re-authentication. */
  authTime: number;
}

export interface GoogleVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
  close(): Promise<void>;
}

/** Google sign-in is on when the Firebase project and web API key are configured. */
export function googleConfig(config: Config): ProvidersResponse['google'] {
  if (!config.FIREBASE_PROJECT_ID || !config.FIREBASE_API_KEY) return null;
  return {
    apiKey: config.FIREBASE_API_KEY,
    authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: config.FIREBASE_PROJECT_ID,
    ...(config.FIREBASE_AUTH_EMULATOR_HOST ? { emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST } : {}),
  };
}

let counter = 0;

/**
 * Verifies Firebase ID tokens with firebase-admin. firebase-admin reads the emulator address only
 * from process.env, so the config (which refuses it in production) is made the one source of truth:
 * an emulator address left in the environment but not in the config must not let unsigned tokens in.
 */
export function createGoogleVerifier(config: Config): GoogleVerifier | null {
  const google = googleConfig(config);
  if (!google) return null;
  if (config.FIREBASE_AUTH_EMULATOR_HOST) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  counter += 1;
  const app: App = initializeApp({ projectId: google.projectId }, `graj-razem-${counter}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      let decoded;
      try {
        decoded = await auth.verifyIdToken(idToken);
      } catch {
        throw new UnauthorizedError(OAUTH_MSG.invalidToken);
      }
      const provider = decoded.firebase?.sign_in_provider;
      if (provider !== 'google.com' || !decoded.email || decoded.email_verified !== true) {
        throw new UnauthorizedError(OAUTH_MSG.invalidToken);
      }
      return { uid: decoded.uid, email: decoded.email.toLowerCase(), authTime: decoded.auth_time };
    },
    close: () => deleteApp(app),
  };
}
