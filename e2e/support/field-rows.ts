import { expect, test, type Locator, type Page } from '@playwright/test';
import { nextButton } from './entry.ts';

// Field messages reached through the UI, one row per message (field-messages and its child sibling):
// make one field wrong and trigger the check, see the message as the field's description, put it right.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const describedAs = (message: string) => new RegExp(escape(message));

export interface Row {
  name: string;
  /** Makes the field wrong and triggers the check. */
  act: (page: Page) => Promise<void>;
  /** The input or group the message belongs to. */
  target: (page: Page) => Locator;
  message: string;
  /** Puts the field right again. */
  undo: (page: Page) => Promise<void>;
}

export const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: typeof name === 'string' });
export const group = (page: Page, name: RegExp) => page.getByRole('group', { name });
export const submit = (page: Page) => nextButton(page).click();

export async function runRows(page: Page, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    await test.step(row.name, async () => {
      await row.act(page);
      await expect(row.target(page)).toHaveAccessibleDescription(describedAs(row.message));
      await row.undo(page);
    });
  }
}

export const fillAndSubmit = (locate: (page: Page) => Locator, value: string) => async (page: Page) => {
  await locate(page).fill(value);
  await submit(page);
};
