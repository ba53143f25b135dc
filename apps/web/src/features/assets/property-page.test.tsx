import { API, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { openApp, signIn } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./property-page'));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('property', () => {
  it('shows the summary from property/tongji and opens the Wise withdrawal', async () => {
    fakeServer({
      [API.propertyTongji]: () => ({
        code: 200,
        data: { balance: '1150.5', recharge_amount: '1200.50', total_acquisition: '0.00', total_sales: '50.00' },
      }),
    });
    signIn();
    openApp(ROUTES.property);
    expect(await screen.findByText('1,150.50')).toBeTruthy();
    expect(screen.getByText('1,200.50')).toBeTruthy();
    expect(screen.getByText('50.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wise withdrawal' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.withdraw}`));
    expect(location.search).toBe('?method=wise');
  });
});
