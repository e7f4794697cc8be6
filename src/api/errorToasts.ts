/**
 * Which failed endpoints raise a toast, and with what text. Features register their spec texts
 * next to their endpoints; anything unregistered fails silently (many spec failures are silent)
 * or is handled by the component that made the call.
 */
export type ErrorToastText = (error: unknown) => string | undefined;

const texts = new Map<string, ErrorToastText>();

export function registerErrorToast(endpointName: string, text: ErrorToastText | string): void {
  texts.set(endpointName, typeof text === 'string' ? () => text : text);
}

export function errorToastText(endpointName: string, error: unknown): string | undefined {
  return texts.get(endpointName)?.(error);
}
