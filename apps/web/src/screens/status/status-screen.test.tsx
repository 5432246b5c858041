import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicantStatusLabels, applicantStatusNext, shareableRejectionReasons, statusText } from '@koza/domain/application-status';
import { getBank } from '@koza/domain/banks/banks';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, json, mockApi } from '../../test/api-mock.ts';

// お申込み状況の確認 (decision 0192): lookup → code → state, with only what may be shown.

const rejected = {
  status: 'REJECTED',
  applicationNumber: '0177-20260615-000042',
  applicationType: 'CHILD',
  firstName: '花子',
  branchName: '本店営業部',
  appliedAt: '2026-06-15T12:00:00+09:00',
  decidedAt: '2026-06-16T10:00:00+09:00',
  cancelledAt: null,
  reason: shareableRejectionReasons.EXISTING_ACCOUNT,
};

const text = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function lookUp() {
  renderApp('/status');
  await screen.findByRole('heading', { level: 1, name: statusText.title });
  await userEvent.type(text(statusText.mailLabel), 'parent@example.jp');
  await userEvent.type(text(statusText.numberLabel), '０１７７－２０２６０６１５－００００４２');
  await userEvent.click(screen.getByRole('button', { name: statusText.send }));
  await screen.findByRole('heading', { level: 2, name: statusText.codeStep });
}

describe('status screen', () => {
  it('is entered directly (no guard), asks a code for the address and the receipt number, then shows the state', async () => {
    const fetchMock = mockApi({
      'POST /api/application-status/code': () => json(204),
      'POST /api/application-status': () => json(200, rejected),
    });
    await lookUp();
    expect(callsTo(fetchMock, 'POST /api/application-status/code')[0]?.body).toEqual({
      bankCode: '0177',
      mailAddress: 'parent@example.jp',
      applicationNumber: '0177-20260615-000042',
    });
    await userEvent.type(text(statusText.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: statusText.show }));
    await screen.findByRole('heading', { level: 2, name: statusText.resultStep });
    expect(screen.getByText(applicantStatusLabels.REJECTED)).toBeTruthy();
    expect(screen.getByText(shareableRejectionReasons.EXISTING_ACCOUNT)).toBeTruthy();
    expect(screen.getByText(applicantStatusNext.REJECTED[0]!)).toBeTruthy();
    expect(screen.getByText(/花子 さま/)).toBeTruthy();
    expect(screen.getByText('本店営業部')).toBeTruthy();
    expect(screen.getByText('2026年6月16日 10:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(getBank('0177').contact.phoneNumber) })).toBeTruthy();
  });

  it('says a wrong code, number or address in one message, and a 429 as too many sends', async () => {
    mockApi({
      'POST /api/application-status/code': () => json(204),
      'POST /api/application-status': () => json(400, { errors: [{ field: 'verificationCode', message: statusText.failed }] }),
    });
    await lookUp();
    await userEvent.type(text(statusText.codeLabel), '000000');
    await userEvent.click(screen.getByRole('button', { name: statusText.show }));
    expect(await screen.findByText(statusText.failed)).toBeTruthy();

    mockApi({ 'POST /api/application-status/code': () => json(429, { code: 'RATE_LIMITED' }, { 'retry-after': '30' }) });
    await userEvent.click(screen.getByRole('button', { name: statusText.back }));
    await userEvent.click(await screen.findByRole('button', { name: statusText.send }));
    expect(await screen.findByText(statusText.rateLimited)).toBeTruthy();
  });

  it('checks the receipt number on the phone before sending', async () => {
    const fetchMock = mockApi({});
    renderApp('/status');
    await screen.findByRole('heading', { level: 1, name: statusText.title });
    await userEvent.type(text(statusText.mailLabel), 'parent@example.jp');
    await userEvent.type(text(statusText.numberLabel), '12345');
    await userEvent.click(screen.getByRole('button', { name: statusText.send }));
    expect(await screen.findByText(statusText.numberInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/application-status/code')).toHaveLength(0);
  });
});
