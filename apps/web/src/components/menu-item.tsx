import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface Common {
  prefix?: ReactNode;
  extra?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}
type Props = Common & ({ to: string; onClick?: never } | { to?: never; onClick: () => void });

/**
 * A row of a `List` that opens a page — a real link (`#/...`: reachable by keyboard, opens in a new tab) — or does an
 * action (a button). It looks like antd-mobile's clickable `List.Item` (same classes and parts), which renders an `<a>`
 * without `href`: no keyboard reaches it and no crawler follows it.
 */
export function MenuItem({ to, onClick, prefix, extra, description, children }: Props) {
  const content = (
    <div className="adm-list-item-content">
      {prefix && <div className="adm-list-item-content-prefix">{prefix}</div>}
      <div className="adm-list-item-content-main">
        {children}
        {description && <div className="adm-list-item-description">{description}</div>}
      </div>
      {extra && <div className="adm-list-item-content-extra">{extra}</div>}
      <div className="adm-list-item-content-arrow" aria-hidden>
        <RightOutline />
      </div>
    </div>
  );
  const className = 'adm-list-item adm-plain-anchor menu-row';
  return to !== undefined ? (
    <Link href={to} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onClick}>
      {content}
    </button>
  );
}
