import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { flows, stepCount } from '@koza/domain/flows';
import { StepBar } from './step-bar.tsx';

describe('StepBar', () => {
  it('lists the seven general steps in order and marks the current one with aria-current="step"', () => {
    render(<StepBar labels={flows.GENERAL.stepLabels} current={3} />);
    const nav = screen.getByRole('navigation', { name: 'お申込みの手順' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(stepCount('GENERAL'));
    items.forEach((item, index) => expect(item.textContent).toContain(flows.GENERAL.stepLabels[index]));

    const current = items.filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toEqual([items[2]]);
  });

  it('says which steps are done and shows the current step as n/total', () => {
    render(<StepBar labels={flows.GENERAL.stepLabels} current={3} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('完了');
    expect(items[1]?.textContent).toContain('完了');
    expect(items[2]?.textContent).not.toContain('完了');
    expect(items[6]?.textContent).not.toContain('完了');
    expect(screen.getByText('STEP 3/7')).toBeTruthy();
  });

  it('has twelve steps in the child flow', () => {
    render(<StepBar labels={flows.CHILD.stepLabels} current={12} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(stepCount('CHILD'));
    expect(items[11]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('STEP 12/12')).toBeTruthy();
  });
});
