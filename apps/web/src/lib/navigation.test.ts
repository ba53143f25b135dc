import { ROUTES } from '@c2c/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { dropQueryParam, goBack, navigate, queryParam } from './navigation';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => history.replaceState(null, '', '/'));

describe('navigation', () => {
  it('back goes Home when the page is the first one opened', () => {
    history.replaceState(null, '', `/#${ROUTES.team}`);
    goBack();
    expect(location.hash).toBe('#/');
  });

  it('back returns to the previous page of the app', async () => {
    history.replaceState(null, '', `/#${ROUTES.mine}`);
    navigate(ROUTES.personalInfo);
    expect(location.hash).toBe(`#${ROUTES.personalInfo}`);
    goBack();
    await settle();
    expect(location.hash).toBe(`#${ROUTES.mine}`);
  });

  it('reads a query parameter from the hash or from the page address', () => {
    history.replaceState(null, '', `/#${ROUTES.register}?code=HASH1`);
    expect(queryParam('code')).toBe('HASH1');
    history.replaceState(null, '', `/?code=PAGE2#${ROUTES.register}`);
    expect(queryParam('code')).toBe('PAGE2');
  });

  it('drops a one-visit query parameter from the page address and from the hash, keeping the others', () => {
    history.replaceState({ depth: 2 }, '', `/?method=wise&x=1#${ROUTES.withdraw}`);
    dropQueryParam('method');
    expect(location.search).toBe('?x=1');
    expect(location.hash).toBe(`#${ROUTES.withdraw}`);
    expect(history.state).toEqual({ depth: 2 });
    history.replaceState(null, '', `/#${ROUTES.withdraw}?method=wise`);
    dropQueryParam('method');
    expect(location.hash).toBe(`#${ROUTES.withdraw}`);
    expect(queryParam('method')).toBeNull();
  });
});
