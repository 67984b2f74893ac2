import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishMessages } from '../../../test/messages';
import { resetLocaleForTests } from '../../../lib/intl/locale-store';
import { renderRoutes } from '../../../test/render';
import { VerifyEmailForm } from './verify-email-form';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the resend countdown', () => {
  it('shows seconds with their unit and announces the wait at its start, at 30 and 10 s and at its end only', async () => {
    renderRoutes([{ path: '/', element: <VerifyEmailForm email="a@example.com" resendAfter={35} onVerified={async () => {}} /> }], '/');
    const live = screen.getByTestId('resend-announcement');
    expect(screen.getByRole('button', { name: 'Send again in 35 s' })).toBeTruthy();
    expect(live.textContent).toBe('You can ask for a new code in 35 seconds.');

    const heard = new Set<string>([live.textContent ?? '']);
    for (let s = 0; s < 36; s++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      heard.add(live.textContent ?? '');
    }
    expect([...heard]).toEqual([
      'You can ask for a new code in 35 seconds.',
      'You can ask for a new code in 30 seconds.',
      'You can ask for a new code in 10 seconds.',
      'You can ask for a new code now.',
    ]);
    expect(screen.getByRole('button', { name: 'Send the code again' }).hasAttribute('disabled')).toBe(false);
  });
});
