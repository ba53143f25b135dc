import { API, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, openApp, signIn, user } from '../../test/app';
import { fakeServer, pageOf } from '../../test/fetch';

// jsdom has no canvas to draw the QR code on.
vi.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:image/png;base64,${btoa(text)}` }));

beforeAll(() => Promise.all([import('./team-page'), import('./promotion-page')]));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const member = (n: number, level: 1 | 2 | 3) => ({
  name: `m${n}***`,
  level,
  joined_at: new Date(Date.UTC(2025, 0, 30 - n)).toISOString(),
});
/** 25 members: the first 20 on page 1, the rest on page 2; level 2 holds three. */
const ALL = Array.from({ length: 25 }, (_, i) => member(i + 1, i < 10 ? 1 : i < 13 ? 2 : 3));

function server(over: Record<string, Parameters<typeof fakeServer>[0][string]> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getInfo]: () => ({ code: 200, data: user }),
    [API.teamTongji]: () => ({ code: 200, data: { team_size: 25, level1: 10, level2: 3, level3: 12 } }),
    [API.teamList]: (body) => {
      const level = body.get('level');
      const page = Number(body.get('page'));
      const size = Number(body.get('page_size'));
      const rows = level ? ALL.filter((m) => m.level === Number(level)) : ALL;
      return pageOf(rows.slice((page - 1) * size, page * size), rows.length, page, size);
    },
    ...over,
  });
}

describe('team', () => {
  it('shows the real team numbers, pages through the members and filters them by level', async () => {
    const fake = server();
    signIn();
    openApp(ROUTES.team);
    const summary = await screen.findByText('Team size');
    await waitFor(() => expect(summary.parentElement!.textContent).toContain('25'));
    const stats = document.querySelector('.summary-row')!;
    expect(stats.textContent).toContain('Level 1' + '10');
    expect(stats.textContent).toContain('Level 2' + '3');
    expect(stats.textContent).toContain('Level 3' + '12');
    expect(screen.getByText(user.invite_code)).toBeTruthy();

    expect(await screen.findByText('m1***')).toBeTruthy();
    expect(screen.getByText('m20***')).toBeTruthy();
    expect(screen.queryByText('m21***')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('m25***')).toBeTruthy();
    expect(fake.bodies(API.teamList).map((b) => [b.get('page'), b.get('level')])).toEqual([
      ['1', null],
      ['2', null],
    ]);

    const levels = screen.getByRole('tablist', { name: 'Filter by level' });
    fireEvent.click(within(levels).getByRole('tab', { name: 'Level 2' }));
    expect(await screen.findByText('m11***')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('m1***')).toBeNull());
    expect(document.querySelectorAll('.team-member')).toHaveLength(3);
    expect(fake.bodies(API.teamList).at(-1)!.get('level')).toBe('2');
  });

  it('says so when the team is empty, and opens the promotion page to invite friends', async () => {
    server({
      [API.teamTongji]: () => ({ code: 200, data: { team_size: 0, level1: 0, level2: 0, level3: 0 } }),
      [API.teamList]: () => pageOf([]),
      [API.inviteDetail]: () => ({
        code: 200,
        data: { invite_code: user.invite_code, invite_url: `https://c2c.example/#${ROUTES.register}?code=${user.invite_code}` },
      }),
    });
    signIn();
    openApp(ROUTES.team);
    expect(await screen.findByText('No team members yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.promotion}`));
    expect(await screen.findByTestId('invite-link')).toHaveProperty(
      'textContent',
      `https://c2c.example/#${ROUTES.register}?code=${user.invite_code}`,
    );
  });
});

describe('promotion', () => {
  it('shows the code and link from invite/detail and saves the QR code as a PNG download', async () => {
    const link = `https://app.example/#${ROUTES.register}?code=${user.invite_code}`;
    server({ [API.inviteDetail]: () => ({ code: 200, data: { invite_code: user.invite_code, invite_url: link } }) });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    signIn();
    openApp(ROUTES.promotion);
    expect((await screen.findByTestId('invite-code')).textContent).toBe(user.invite_code);
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    expect(await screen.findByAltText('QR code of your invitation link')).toHaveProperty(
      'src',
      `data:image/png;base64,${btoa(link)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save QR code' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe(`invite-${user.invite_code}.png`);
    expect(clicked[0]!.href).toBe(`data:image/png;base64,${btoa(link)}`);
    click.mockRestore();
  });
});
