/**
 * Icons antd-mobile-icons lacks in a currency-neutral form (its coin icons show ¥, not the app's USDT); drawn like
 * its outline icons: 1em, current colour.
 */
const svg = { width: '1em', height: '1em', viewBox: '0 0 48 48', fill: 'none' } as const;
const line = { stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A wallet: balances, assets. */
export function WalletIcon() {
  return (
    <svg {...svg} className="antd-mobile-icon" aria-hidden="true">
      <path {...line} d="M38 15V11a3 3 0 0 0-3-3H10a4 4 0 0 0 0 8h28a3 3 0 0 1 3 3v18a3 3 0 0 1-3 3H10a4 4 0 0 1-4-4V12" />
      <path {...line} d="M41 24h-8a4 4 0 0 0 0 8h8" />
      <circle cx="33.5" cy="28" r="1.8" fill="currentColor" />
    </svg>
  );
}

/** A stack of coins: savings that earn interest. */
export function CoinsIcon() {
  return (
    <svg {...svg} className="antd-mobile-icon" aria-hidden="true">
      <ellipse {...line} cx="20" cy="12" rx="13" ry="5" />
      <path {...line} d="M7 12v8c0 2.8 5.8 5 13 5s13-2.2 13-5v-8" />
      <path {...line} d="M7 20v8c0 2.8 5.8 5 13 5 2 0 3.8-.2 5.5-.5" />
      <circle {...line} cx="34" cy="32" r="9" />
      <path {...line} d="M34 27v10M31 29.5h6" />
    </svg>
  );
}

/** Two opposite arrows: the hall, where USDT changes hands. */
export function SwapIcon() {
  return (
    <svg {...svg} className="antd-mobile-icon" aria-hidden="true">
      <path {...line} d="M8 17h30l-8-8M40 31H10l8 8" />
    </svg>
  );
}
