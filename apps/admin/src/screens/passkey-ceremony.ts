import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { passkeyOptionsSchema } from '@koza/domain/api/admin';
import { post, postJson } from '../api.ts';

// The passkey ceremonies' common part (docs/decisions/0220-staff-passkeys.md), used by the sign-in and
// second-factor screens (main chunk) and the passkeys screen (its own chunk): kept apart from the
// screen so the sign-in screen does not bring the passkeys screen with it.

/**
 * Whether this browser can make and use passkeys (the sign-in screen offers them only then): the
 * test of @simplewebauthn/browser's browserSupportsWebAuthn, without loading the library, which is
 * loaded when a ceremony starts.
 */
export const passkeysOffered = (): boolean => typeof window.PublicKeyCredential === 'function';

/** @simplewebauthn/browser, loaded at the first ceremony (it is not needed to draw any screen). */
export const webauthn = () => import('@simplewebauthn/browser');

/**
 * The whole registration: the API's options (made once the member's second factor, `totpCode`, is
 * proved again: issue 42), the browser's ceremony, the new credential sent back.
 */
export async function registerPasskey(totpCode: string): Promise<void> {
  const { challengeId, options } = await postJson('/passkeys/options', { totpCode }, passkeyOptionsSchema);
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  await post('/passkeys', { challengeId, response });
}

export const passkeyRegistered = 'パスキーを登録しました。次回から、パスワードとパスキーでログインできます。';
export const passkeyNotRegistered = 'パスキーを登録できませんでした。もう一度お試しください。';
