import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { HASH_SCROLL_DELAY_MS, ScrollManager } from './scroll-manager';

function Page() {
  return (
    <>
      <ScrollManager />
      <div id="coverage">target</div>
    </>
  );
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scrolling on navigation', () => {
  it('goes to the top without a hash', async () => {
    const { router } = renderRoutes([{ path: '*', Component: Page }], '/faq');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'auto' });
    scrollTo.mockClear();
    await act(() => router.navigate('/about'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' });
  });

  it('scrolls smoothly to the hash target 90 px above it, after 500 ms', async () => {
    renderRoutes([{ path: '*', Component: Page }], '/#coverage');
    const target = document.getElementById('coverage')!;
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 600 } as DOMRect);
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollTo).toHaveBeenCalledWith({ top: 510, behavior: 'smooth' });
  });

  it.each(['#missing', '#%E0%A4%A'])('goes to the top when the hash %s names nothing on the page', async (hash) => {
    const { router } = renderRoutes([{ path: '*', Component: Page }], '/faq');
    scrollTo.mockClear();
    await act(() => router.navigate(`/about${hash}`));
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' });
  });
});
