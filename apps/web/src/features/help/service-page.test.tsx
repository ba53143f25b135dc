import { API, ROUTES } from '@c2c/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, openApp, signIn } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./service-page'));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const CONTACTS = [
  { id: 3, name: 'Telegram support', channel: 'telegram', link: 'https://t.me/c2c_support', hours: '09:00–21:00 UTC' },
  { id: 1, name: 'Mail us', channel: 'email', link: 'mailto:help@c2c.example', hours: '' },
];

function server(list: unknown[], kf_url = '') {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: { ...config, kf_url } }),
    [API.kefuList]: () => ({ code: 200, data: { list } }),
  });
}

describe('customer service', () => {
  it('lists the active contacts in the given order with channel, hours and their links', async () => {
    server(CONTACTS, 'https://fallback.example/chat');
    signIn();
    openApp(ROUTES.service);
    const list = await screen.findByRole('list', { name: 'Customer service contacts' });
    const items = list.querySelectorAll('li');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Telegram support');
    expect(items[0]!.textContent).toContain('Telegram');
    expect(items[0]!.textContent).toContain('09:00–21:00 UTC');
    expect(items[1]!.textContent).toContain('Mail us');
    expect(items[1]!.textContent).toContain('E-mail');
    const links = screen.getAllByRole('link', { name: 'Contact' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://t.me/c2c_support', 'mailto:help@c2c.example']);
    expect(links.every((a) => a.getAttribute('target') === '_blank' && a.getAttribute('rel')?.includes('noopener'))).toBe(true);
    // with contacts, the fallback address is not offered
    expect(screen.queryByText('https://fallback.example/chat')).toBeNull();
  });

  it('never renders a link the server would refuse', async () => {
    server([{ id: 9, name: 'Evil', channel: 'web', link: 'javascript:alert(1)', hours: '' }, CONTACTS[0]]);
    signIn();
    openApp(ROUTES.service);
    await screen.findByText('Telegram support');
    expect(screen.queryByText('Evil')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('falls back to the configured service link when no contact exists', async () => {
    server([], 'https://fallback.example/chat');
    signIn();
    openApp(ROUTES.service);
    const link = await screen.findByText('https://fallback.example/chat');
    expect(link.getAttribute('href')).toBe('https://fallback.example/chat');
    expect(screen.getByRole('button', { name: 'Contact customer service' })).toBeTruthy();
  });

  it('says honestly that there is no customer service when there is neither', async () => {
    server([]);
    signIn();
    openApp(ROUTES.service);
    expect(await screen.findByText('Customer service is not available yet')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.kefu-list')).toBeNull());
  });
});
