import { REPEAT_CLICK_MS } from '@c2c/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

afterEach(() => vi.useRealTimers());

describe('SubmitButton', () => {
  it('ignores clicks within 1.5 s of the last one and shows progress while the call runs', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    let finish = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SubmitButton onSubmit={action}>Go</SubmitButton>);
    const button = screen.getByRole('button');

    fireEvent.click(button);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(button.className).toContain('adm-button-loading');

    await act(async () => finish());
    expect(button.className).not.toContain('adm-button-loading');
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(REPEAT_CLICK_MS));
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });
});
