import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMPLETE_DELAY_MS, PullToRefresh, SETTLE_MS } from './pull-to-refresh';

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** A touch from (0, 0) to (dx, dy) on `target`, in `steps` moves. */
async function drag(target: Element, dy: number, dx = 0) {
  fireEvent.touchStart(target, { touches: [{ clientX: 0, clientY: 0 }] });
  for (const step of [1, 2, 3, 4]) {
    fireEvent.touchMove(target, { touches: [{ clientX: (dx * step) / 4, clientY: (dy * step) / 4 }] });
  }
  await wait(0);
}

const head = () => document.querySelector<HTMLElement>('.pull-to-refresh-head');

describe('pull to refresh', () => {
  it('says what a pull does, refreshes on release past the threshold and folds away after', async () => {
    let done: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>rows</p>
      </PullToRefresh>,
    );
    const rows = screen.getByText('rows');
    await drag(rows, 40);
    expect(screen.getByText('Scroll down to refresh')).toBeTruthy();
    await drag(rows, 300);
    expect(screen.getByText('Release to refresh immediately')).toBeTruthy();
    expect(Number.parseFloat(head()?.style.height ?? '0')).toBeGreaterThan(60);
    fireEvent.touchEnd(rows);
    await wait(0);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(head()?.style.height).toBe('40px');
    // another pull while it refreshes does nothing
    await drag(rows, 300);
    fireEvent.touchEnd(rows);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => done());
    expect(screen.getByText('Refresh successful')).toBeTruthy();
    await wait(COMPLETE_DELAY_MS + SETTLE_MS + 50);
    expect(head()?.style.height).toBe('0px');
    expect(screen.getByText('Scroll down to refresh')).toBeTruthy();
  });

  it('does not refresh on a short pull, a push up or a sideways swipe', async () => {
    const onRefresh = vi.fn(async () => undefined);
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>rows</p>
      </PullToRefresh>,
    );
    const rows = screen.getByText('rows');
    for (const [dy, dx] of [
      [30, 0],
      [-300, 0],
      [100, 300],
    ] as const) {
      await drag(rows, dy, dx);
      fireEvent.touchEnd(rows);
      await wait(0);
    }
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('leaves a list scrolled down to scroll up', async () => {
    const onRefresh = vi.fn(async () => undefined);
    render(
      <div data-testid="scroller">
        <PullToRefresh onRefresh={onRefresh}>
          <p>rows</p>
        </PullToRefresh>
      </div>,
    );
    screen.getByTestId('scroller').scrollTop = 200;
    const rows = screen.getByText('rows');
    await drag(rows, 300);
    fireEvent.touchEnd(rows);
    await wait(0);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head()?.style.height ?? '').not.toMatch(/^[1-9]/);
  });
});
