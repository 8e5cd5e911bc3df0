/**
 * Whether this browser was signed in when the app last asked: only a hint, never trusted for
 * anything but fetching the signed-in app's code early (AppRoot). The session cookie is not
 * readable from scripts, and the server's answer decides what is shown.
 */
const KEY = 'vt.signedIn';

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage off: the code is fetched once the answer is in, as without the hint.
  }
}
