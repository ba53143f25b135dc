import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CapsuleTabs, Tabs } from './tabs';

const mounted = vi.fn();
function Panel({ name }: { name: string }) {
  mounted(name);
  return <p>{name} panel</p>;
}

const items = [
  { key: 'a', title: 'Alpha', content: <Panel name="a" /> },
  { key: 'b', title: 'Beta', content: <Panel name="b" /> },
  { key: 'c', title: 'Gamma', content: <Panel name="c" /> },
];

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('links each tab to its panel, and mounts a panel when first opened, keeping it (hidden) afterwards', () => {
    mounted.mockClear();
    render(<Tabs items={items} label="Letters" />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeTruthy();
    expect(selected()).toEqual([tab('Alpha')]);
    expect(tab('Alpha').tabIndex).toBe(0);
    expect(tab('Beta').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Alpha').id);
    expect(tab('Alpha').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('a panel');
    // a tab never opened renders nothing (its list fetches nothing)
    expect(mounted.mock.calls.map(([name]) => name)).toEqual(['a']);
    expect(document.getElementById(tab('Beta').getAttribute('aria-controls') ?? '')).toBeNull();

    fireEvent.click(tab('Beta'));
    expect(selected()).toEqual([tab('Beta')]);
    expect(screen.getByRole('tabpanel').textContent).toBe('b panel');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Beta').id);
    // the first panel stays, hidden
    const first = document.getElementById(tab('Alpha').getAttribute('aria-controls') ?? '');
    expect(first?.hidden).toBe(true);
    expect(screen.queryByText('c panel')).toBeNull();
  });

  it('moves with Left/Right (wrapping), Home and End, selecting and focusing the tab reached', () => {
    const onChange = vi.fn();
    render(<Tabs items={items} defaultActiveKey="b" onChange={onChange} />);
    tab('Beta').focus();
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowRight' });
    expect(selected()).toEqual([tab('Gamma')]);
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(tab('Gamma').tabIndex).toBe(0);
    expect(tab('Beta').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Alpha'));
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(selected()).toEqual([tab('Alpha')]);
    expect(document.activeElement).toBe(tab('Alpha'));
    fireEvent.keyDown(tab('Alpha'), { key: 'End' });
    expect(selected()).toEqual([tab('Gamma')]);
    expect(onChange.mock.calls.map(([key]) => key)).toEqual(['c', 'a', 'c', 'a', 'c']);
    // other keys are the page's
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowDown' });
    expect(selected()).toEqual([tab('Gamma')]);
  });

  it('follows a controlled key', () => {
    function Controlled() {
      const [key, setKey] = useState('a');
      return (
        <>
          <button type="button" onClick={() => setKey('c')}>
            outside
          </button>
          <Tabs items={items} activeKey={key} onChange={setKey} />
        </>
      );
    }
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(selected()).toEqual([tab('Gamma')]);
    expect(screen.getByRole('tabpanel').textContent).toBe('c panel');
  });
});

describe('CapsuleTabs', () => {
  it('is a tablist whose capsules all control the one filtered panel', () => {
    function Filter() {
      const [key, setKey] = useState<'all' | 'open'>('all');
      return (
        <CapsuleTabs
          label="State"
          activeKey={key}
          onChange={setKey}
          items={[
            { key: 'all', title: 'All' },
            { key: 'open', title: 'Open' },
          ]}
        >
          <p>list of {key}</p>
        </CapsuleTabs>
      );
    }
    render(<Filter />);
    const panel = screen.getByRole('tabpanel');
    expect(screen.getByRole('tablist', { name: 'State' })).toBeTruthy();
    expect(tab('All').getAttribute('aria-controls')).toBe(panel.id);
    expect(tab('Open').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('All').id);
    fireEvent.keyDown(tab('All'), { key: 'End' });
    expect(selected()).toEqual([tab('Open')]);
    expect(document.activeElement).toBe(tab('Open'));
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Open').id);
    expect(panel.textContent).toBe('list of open');
  });
});
