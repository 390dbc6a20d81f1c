/** Page entry: global styles, the islands loader, and error reporting after load (the early reads: early.ts). */
import './styles/tokens.css';
import './styles/base.css';
import { startIslands } from './islands/loader.tsx';
import { islandRegistry } from './islands/registry.ts';
import { scheduleErrorReporting } from './lib/error-reporting.ts';

startIslands({ registry: islandRegistry });
scheduleErrorReporting();
