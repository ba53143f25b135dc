// React 19 has useSyncExternalStore: the `use-sync-external-store/shim` wouter imports (for React 16/17) is dead code.
export { useSyncExternalStore } from 'react';
