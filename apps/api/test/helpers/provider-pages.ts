import { expect } from 'vitest';
import { jpegBytes, multipart, pngBytes } from './ready-application.ts';

// The applicant's browser on the eKYC provider's own pages (the real simulator), as the phone does
// it: the four captures of a photo-ID check, or JPKI's card read and confirmation, then 送信する.

/** The four captures sent (front, back, tilt for the thickness, face). */
export const captures = { front: jpegBytes(3000), back: jpegBytes(2000), tilt: pngBytes(), face: jpegBytes(1000) };

/** The child's face, sent on a child application's session after the amended ordinance (decision 0248). */
export const childFace = jpegBytes(1500);

/**
 * IC_CHIP_AND_FACE: on a JPKI session's page, the applicant chooses IC-chip reading, reads the chip, sends the face.
 * `child`: a child application's session from the amended ordinance on: first the child's card (PIN) and face.
 */
export async function passAtTheProvider(
  url: string,
  method: 'PHOTO_ID_AND_FACE' | 'JPKI' | 'IC_CHIP_AND_FACE',
  options: { child?: boolean } = {},
): Promise<void> {
  const page = new URL(url);
  const submit = `${page.origin}${page.pathname}/submit${page.search}`;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  if (options.child) {
    const read = await fetch(`${page.origin}${page.pathname}/child/read${page.search}`, {
      method: 'POST',
      headers: form,
      body: 'pin=5678',
      redirect: 'manual',
    });
    expect(read.status, 'child/read').toBe(303);
    const { payload, contentType } = multipart([{ name: 'face', filename: 'child.jpg', contentType: 'image/jpeg', bytes: childFace }]);
    const face = await fetch(`${page.origin}${page.pathname}/child/face${page.search}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(payload),
      redirect: 'manual',
    });
    expect(face.status, 'child/face').toBe(303);
  }
  let response: Response;
  if (method === 'IC_CHIP_AND_FACE') {
    for (const [step, body] of [
      ['/ic-chip', ''],
      ['/ic-chip/read', 'pin=1234'],
    ] as const) {
      const moved = await fetch(`${page.origin}${page.pathname}${step}${page.search}`, { method: 'POST', headers: form, body, redirect: 'manual' });
      expect(moved.status, step).toBe(303);
    }
    const { payload, contentType } = multipart([
      { name: 'outcome', value: 'PASSED' },
      { name: 'face', filename: 'face.jpg', contentType: 'image/jpeg', bytes: captures.face },
    ]);
    response = await fetch(submit, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(payload), redirect: 'manual' });
  } else if (method === 'JPKI') {
    const read = await fetch(`${page.origin}${page.pathname}/jpki/read${page.search}`, {
      method: 'POST',
      headers: form,
      body: 'password=ABCD1234',
      redirect: 'manual',
    });
    expect(read.status).toBe(303);
    response = await fetch(submit, { method: 'POST', headers: form, body: 'outcome=PASSED', redirect: 'manual' });
  } else {
    const parts = Object.entries(captures).map(([name, bytes]) => ({
      name,
      filename: `${name}.jpg`,
      contentType: name === 'tilt' ? 'image/png' : 'image/jpeg',
      bytes,
    }));
    const { payload, contentType } = multipart([{ name: 'outcome', value: 'PASSED' }, ...parts]);
    response = await fetch(submit, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(payload), redirect: 'manual' });
  }
  expect(response.status).toBe(303);
}
