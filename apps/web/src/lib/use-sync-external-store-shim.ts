/**
 * What `use-sync-external-store/shim` gives in the browser bundle (vite.config.ts): React's own hook. The shim
 * (react-i18next imports it for React 17) carries its own copy of the hook for Reacts that lack one; ours has it.
 */
export { useSyncExternalStore } from 'react';
