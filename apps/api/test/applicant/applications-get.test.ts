import { afterAll, beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '@koza/domain/fields/registry';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, signIn } from '../helpers/auth.ts';

// GET /api/applications: { application, applicationParent } with exactly the names of SPEC.md §3.

// The names are the field registry's (decision 0206: a field is in the answer when it has a `view`),
// between the bank and the application type; a few anchors keep the derived lists honest.
const viewed = (record: 'application' | 'parent') => fieldsOf(record).flatMap((f) => (f.view ? [f.key] : []));
const applicationFields = ['bankCode', ...viewed('application'), 'applicationType'];
const parentFields = viewed('parent');

it('derives the answer names from the registry', () => {
  expect(applicationFields).toEqual(expect.arrayContaining(['lastName', 'firstName', 'kanaLastName', 'postalNumber', 'workplacePhoneNumber', 'sealLess']));
  expect(applicationFields).not.toContain('occupationId'); // stored, not in the answer
  expect(parentFields).toEqual(expect.arrayContaining(['lastName', 'firstName', 'relationship', 'proxyApplicationReason']));
  expect(parentFields).not.toContain('occupationId');
});

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb() });
  });
  afterAll(() => app.close());
  const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/applications', headers });

  it('answers a fresh draft with every SPEC.md §3 name and null for what is not saved', async () => {
    const a = await signIn(app, { host: hosts['0587'] });
    const response = await get(a.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['application', 'applicationParent']);
    expect(Object.keys(body.application).sort()).toEqual([...applicationFields].sort());
    expect(body.applicationParent).toBeNull();
    for (const field of applicationFields.filter((f) => f !== 'bankCode' && f !== 'applicationType')) {
      expect(body.application[field], field).toBeNull();
    }
    expect(body.application).toMatchObject({ bankCode: '0587', applicationType: 'GENERAL' });
  });

  it('formats saved values as SPEC.md §3 describes', async () => {
    const a = await signIn(app);
    await app.deps.db.kysely
      .updateTable('applications')
      .set({
        lastName: '山田',
        firstName: '太郎',
        kanaLastName: 'ﾔﾏﾀﾞ',
        kanaFirstName: 'ﾀﾛｳ',
        gender: 'MAN',
        birthday: '1990-01-08',
        mobilePhoneNumber: '09012345678',
        phoneNumber: '',
        postalNumber: '810-0001',
        addressPrefecture: '福岡県',
        sealLess: 1,
        utilizationPurpose: '生活費決済,給与・年金受取',
        workplaceId: 3,
        workplacePhoneNumber: '092-123-4567',
      })
      .where('id', '=', a.applicationId)
      .execute();
    const application = (await get(a.headers)).json().application;
    expect(application).toMatchObject({
      lastName: '山田',
      kanaFirstName: 'ﾀﾛｳ',
      gender: 'MAN',
      birthday: '1990-01-08',
      eraBirthday: '平成2年',
      mobilePhoneNumber: '090-1234-5678',
      phoneNumber: null,
      postalNumber: '8100001',
      addressPrefecture: '福岡県',
      sealLess: true,
      utilizationPurpose: '生活費決済,給与・年金受取',
      workplaceId: 3,
      workplacePhoneNumber: '092-123-4567',
    });
  });

  it('answers the parent of a child application, all null until saved', async () => {
    const a = await signIn(app, { applicationType: 'CHILD' });
    const before = (await get(a.headers)).json();
    expect(before.application.applicationType).toBe('CHILD');
    expect(Object.keys(before.applicationParent).sort()).toEqual([...parentFields].sort());
    expect(Object.values(before.applicationParent).every((v) => v === null)).toBe(true);

    const now = Date.now();
    await app.deps.db.kysely
      .insertInto('applicationParents')
      .values({
        applicationId: a.applicationId,
        lastName: '山田',
        firstName: '花子',
        kanaLastName: 'ﾔﾏﾀﾞ',
        kanaFirstName: 'ﾊﾅｺ',
        birthday: '1985-05-05',
        relationship: 'MOTHER',
        mobilePhoneNumber: '080-1111-2222',
        phoneNumber: null,
        proxyApplicationReason: 'minor',
        occupationId: null,
        occupationName: null,
        occupationOther: null,
        workplaceName: null,
        workplacePhoneNumber: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await get(a.headers)).json().applicationParent).toMatchObject({
      lastName: '山田',
      relationship: 'MOTHER',
      mobilePhoneNumber: '080-1111-2222',
      proxyApplicationReason: 'minor',
    });
  });
});
