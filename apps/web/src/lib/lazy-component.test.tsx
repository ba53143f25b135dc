import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

afterEach(cleanup);

/** A download that the test finishes (or fails) when it says. */
function download<P extends object>(component: ComponentType<P>) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const load = () => {
    calls++;
    return new Promise<ComponentType<P>>((resolve, reject) => {
      finish = () => resolve(component);
      fail = reject;
    });
  };
  return { load, finish: () => finish(), fail: (e: Error) => fail(e), calls: () => calls };
}

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

/** Renders `children` in a Suspense boundary whose fallback counts how often it was drawn; `rerender` keeps the boundary. */
function renderCounting(children: React.ReactNode) {
  const drawn = { fallback: 0 };
  function Fallback() {
    drawn.fallback++;
    return <p>loading</p>;
  }
  const inBoundary = (c: React.ReactNode) => <Suspense fallback={<Fallback />}>{c}</Suspense>;
  const view = render(inBoundary(children));
  return { drawn, rerender: (c: React.ReactNode) => view.rerender(inBoundary(c)) };
}

describe('lazyComponent', () => {
  it('draws a component loaded by ready() at its first render, without the fallback', async () => {
    const d = download(Counter);
    const Page = lazyComponent(d.load);
    const ready = Page.ready();
    d.finish();
    await ready;
    const { drawn } = renderCounting(<Page label="page" />);
    expect(screen.getByRole('button').textContent).toBe('page 0');
    expect(drawn.fallback).toBe(0);
    expect(d.calls()).toBe(1);
  });

  it('suspends like React.lazy when it mounts before loading, and keeps its state once loaded', async () => {
    const d = download(Counter);
    const Page = lazyComponent(d.load);
    const { drawn, rerender } = renderCounting(<Page label="page" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => d.finish());
    fireEvent.click(await screen.findByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('page 1');
    // a render after the download (which ready() could now answer at once) does not remount it
    rerender(<Page label="again" />);
    expect(screen.getByRole('button').textContent).toBe('again 1');
    expect(drawn.fallback).toBeGreaterThan(0);
    expect(d.calls()).toBe(1);
  });

  it('rejects ready() when the download fails, and downloads again on the next try', async () => {
    const d = download(Counter);
    const Page = lazyComponent(d.load);
    const first = Page.ready();
    d.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = Page.ready();
    d.finish();
    await second;
    expect(d.calls()).toBe(2);
    renderCounting(<Page label="page" />);
    expect(screen.getByRole('button').textContent).toBe('page 0');
  });
});
