import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal.tsx';
import { Button } from './button.tsx';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>開く</Button>
      <Modal
        open={open}
        title="ご注意"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        actions={<Button onClick={() => setOpen(false)}>OK</Button>}
      >
        <p>本文</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a modal dialog labelled by its title, with focus on the title', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '開く' }));
    const dialog = screen.getByRole('dialog', { name: 'ご注意' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'ご注意' }));
  });

  it('closes on Escape through onClose and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: '開く' });
    await userEvent.click(opener);
    // Browsers turn Escape on a modal <dialog> into a 'cancel' event; happy-dom does not, so send it.
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      screen.getByRole('dialog').dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'ご注意' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Button', () => {
  it('is disabled and busy while pending', () => {
    render(<Button pending>次へ</Button>);
    const button = screen.getByRole('button', { name: '次へ' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
