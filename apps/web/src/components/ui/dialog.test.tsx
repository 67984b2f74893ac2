import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Page({ returnFocusTo }: { returnFocusTo?: () => HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState(true);
  return (
    <>
      {opener ? (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      ) : null}
      <main tabIndex={-1}>
        <button type="button" id="elsewhere">
          Elsewhere
        </button>
      </main>
      <Dialog open={open} onClose={() => setOpen(false)} label="Test" returnFocusTo={returnFocusTo}>
        <button type="button" onClick={() => setOpener(false)}>
          Remove opener
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('returns focus to the opener when it still exists', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement?.textContent).toBe('Remove opener');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('moves focus to the main landmark, not <body>, when the opener is gone', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Remove opener' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('prefers returnFocusTo when the opener is gone', async () => {
    const user = userEvent.setup();
    render(<Page returnFocusTo={() => document.getElementById('elsewhere')} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Remove opener' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
