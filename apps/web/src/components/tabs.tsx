import './tabs.css';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/** One tab: its key, its title, and (for `Tabs`) the panel it shows. */
interface TabItem<K extends string> {
  key: K;
  title: ReactNode;
  content?: ReactNode;
}

interface TabListProps<K extends string> {
  items: readonly TabItem<K>[];
  active: K;
  onSelect: (key: K) => void;
  /** the id of the panel a tab controls */
  panelId: (key: K) => string;
  tabId: (key: K) => string;
  className: string;
  label?: string;
}

/**
 * The row of tabs: role="tablist", one tab in the page's tab order (the active one), the arrow keys, Home and End move
 * among them and select the one they reach (automatic activation). Nothing is measured: the active tab's look is CSS.
 */
function TabList<K extends string>({ items, active, onSelect, panelId, tabId, className, label }: TabListProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const select = (key: K, focus: boolean) => {
    const tab = list.current?.querySelector<HTMLElement>(`[data-key="${key}"]`);
    if (focus) tab?.focus();
    // a tab half out of a scrolling row comes into view (in the event, not in React's commit)
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (key !== active) onSelect(key);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = items.findIndex((item) => item.key === active);
    const last = items.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    const item = to === undefined ? undefined : items[to];
    if (!item) return;
    event.preventDefault();
    select(item.key, true);
  };
  return (
    <div ref={list} className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={tabId(item.key)}
            data-key={item.key}
            aria-selected={selected}
            aria-controls={panelId(item.key)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tab tab-active' : 'tab'}
            onClick={() => select(item.key, false)}
          >
            {item.title}
          </button>
        );
      })}
    </div>
  );
}

interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  /** controlled: the active tab (with `onChange`) */
  activeKey?: K;
  /** uncontrolled: the tab shown first (else the first one) */
  defaultActiveKey?: K;
  onChange?: (key: K) => void;
  label?: string;
}

/**
 * Tabs with a line under the active title, in equal columns (titles too long for theirs wrap). A panel mounts when its
 * tab is first opened and stays mounted, hidden, while another tab is open (its list keeps its pages and filter), as
 * antd-mobile's Tabs did: a tab never opened fetches nothing.
 */
export function Tabs<K extends string>({ items, activeKey, defaultActiveKey, onChange, label }: TabsProps<K>) {
  const id = useId();
  const [own, setOwn] = useState<K | undefined>(defaultActiveKey ?? items[0]?.key);
  const active = activeKey ?? own ?? (items[0]?.key as K);
  const [opened, setOpened] = useState<ReadonlySet<K>>(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;
  return (
    <div className="tabs">
      <TabList
        items={items}
        active={active}
        onSelect={(key) => {
          setOwn(key);
          onChange?.(key);
        }}
        tabId={tabId}
        panelId={panelId}
        className="tabs-list"
        label={label}
      />
      {items.map((item) =>
        opened.has(item.key) || item.key === active ? (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            className="tabs-panel"
            hidden={item.key !== active}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}

interface CapsuleTabsProps<K extends string> {
  items: readonly TabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  label?: string;
  /** what the capsules filter: one panel, labelled by the active capsule */
  children?: ReactNode;
}

/**
 * A filter as a row of capsules (scrolling sideways when they do not fit), the active one filled with the primary
 * colour. Every capsule controls the one panel below, the list it filters.
 */
export function CapsuleTabs<K extends string>({ items, activeKey, onChange, label, children }: CapsuleTabsProps<K>) {
  const id = useId();
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = () => `${id}-panel`;
  return (
    <>
      <div className="capsule-tabs">
        <TabList
          items={items}
          active={activeKey}
          onSelect={onChange}
          tabId={tabId}
          panelId={panelId}
          className="capsule-tabs-list"
          label={label}
        />
      </div>
      <div role="tabpanel" id={panelId()} aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </>
  );
}
