/**
 * The PIN as POST /api/pin carries it (decision 0042): RSA-OAEP with SHA-256 under the public key
 * (base64 DER SPKI), base64 encoded. The plain PIN never leaves the browser.
 */
export async function encryptPin(pin: string, keyCode: string): Promise<string> {
  const der = Uint8Array.from(atob(keyCode), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(pin)));
  let binary = '';
  for (const byte of cipher) binary += String.fromCharCode(byte);
  return btoa(binary);
}
