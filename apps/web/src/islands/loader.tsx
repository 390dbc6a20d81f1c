/**
 * The islands loader (spec §1–2): mounts a React app into every `[data-component]` node.
 *
 * - Mounts on page load, on the `islands:mount` event (optionally limited to `detail.root` or to the element the
 *   event was dispatched on), and when a node without an app appears in the page (MutationObserver).
 * - Unmounts on the `islands:unmount` event (same scoping) and when a mounted node leaves the page.
 * - On back/forward (popstate) it unmounts every island, the SPA included (spec §1). Nodes still in the page are then
 *   mounted afresh on the next task, the way a restored page would start: the SPA builds a new router at the URL
 *   the browser went to. Nodes another script swapped in are picked up by the observer.
 * - Nodes inside another island belong to that island's React tree and are never mounted separately.
 */
import { type ComponentType, type LazyExoticComponent, lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IslandBoundary } from './IslandBoundary.tsx';
import { readIslandProps } from './read-props.ts';
import {
  ISLAND_SELECTOR,
  MOUNT_EVENT,
  type TIslandProps,
  type TIslandRegistry,
  type TIslandsEventDetail,
  UNMOUNT_EVENT,
} from './types.ts';

type TMounted = { root: Root; name: string };
type TScope = Element | Document;

export type TIslandsController = {
  mountAll: (scope?: TScope) => void;
  unmountAll: (scope?: TScope) => void;
  /** The component names mounted now, in no particular order. */
  mountedNames: () => string[];
  isMounted: (node: Element) => boolean;
  /** Unmounts everything and stops listening. */
  stop: () => void;
};

export type TStartIslandsOptions = { registry: TIslandRegistry; win?: Window };

export function startIslands({ registry, win = window }: TStartIslandsOptions): TIslandsController {
  const doc = win.document;
  const mounted = new Map<Element, TMounted>();
  const components = new Map<string, LazyExoticComponent<ComponentType<TIslandProps>>>();
  let remountTimer: number | undefined;

  const componentFor = (name: string): LazyExoticComponent<ComponentType<TIslandProps>> | null => {
    const definition = registry[name];
    if (!definition) return null;
    let component = components.get(name);
    if (!component) {
      component = lazy(definition.load);
      components.set(name, component);
    }
    return component;
  };

  const insideIsland = (node: Node): boolean => {
    for (const container of mounted.keys()) {
      if (container.contains(node)) return true;
    }
    return false;
  };

  const mountNode = (node: HTMLElement): void => {
    if (mounted.has(node) || !node.isConnected || insideIsland(node)) return;
    const name = node.dataset.component ?? '';
    const component = componentFor(name);
    if (!component) {
      console.warn(`No island is registered under the name "${name}"`);
      return;
    }
    const Island = component;
    const root = createRoot(node);
    const props = readIslandProps(node);
    // A transition: React renders the island in slices and lets the browser handle input between them, so a page's
    // first render is not one long task on a slow phone.
    startTransition(() => {
      root.render(
        <StrictMode>
          <IslandBoundary name={name}>
            <Suspense fallback={null}>
              <Island {...props} />
            </Suspense>
          </IslandBoundary>
        </StrictMode>,
      );
    });
    mounted.set(node, { root, name });
  };

  const mountAll = (scope: TScope = doc): void => {
    const nodes: HTMLElement[] = [];
    if (scope instanceof HTMLElement && scope.matches(ISLAND_SELECTOR)) nodes.push(scope);
    nodes.push(...scope.querySelectorAll<HTMLElement>(ISLAND_SELECTOR));
    for (const node of nodes) mountNode(node);
  };

  const unmountWhere = (shouldUnmount: (node: Element) => boolean): void => {
    for (const [node, island] of [...mounted]) {
      if (!shouldUnmount(node)) continue;
      mounted.delete(node);
      island.root.unmount();
    }
  };

  const unmountAll = (scope: TScope = doc): void => {
    unmountWhere((node) => scope === node || scope.contains(node));
  };

  const scopeOf = (event: Event): TScope => {
    const detail = (event as CustomEvent<TIslandsEventDetail>).detail;
    if (detail?.root) return detail.root;
    return event.target instanceof Element ? event.target : doc;
  };

  const onMount = (event: Event): void => mountAll(scopeOf(event));
  const onUnmount = (event: Event): void => unmountAll(scopeOf(event));

  const onPopState = (): void => {
    // Runs before the SPA router's own listener (the loader listens first), so the router is disposed with its
    // island and never renders the new URL into a tree that is going away.
    unmountWhere(() => true);
    win.clearTimeout(remountTimer);
    remountTimer = win.setTimeout(() => mountAll(doc), 0);
  };

  const observer = new MutationObserver((records) => {
    // A mounted node taken out of the page: release its React root.
    unmountWhere((node) => !node.isConnected);
    for (const record of records) {
      for (const added of record.addedNodes) {
        if (added instanceof HTMLElement && !insideIsland(added)) mountAll(added);
      }
    }
  });

  const start = (): void => {
    mountAll(doc);
    observer.observe(doc.documentElement, { childList: true, subtree: true });
  };

  doc.addEventListener(MOUNT_EVENT, onMount);
  doc.addEventListener(UNMOUNT_EVENT, onUnmount);
  win.addEventListener('popstate', onPopState);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();

  return {
    mountAll,
    unmountAll,
    mountedNames: () => [...mounted.values()].map((island) => island.name),
    isMounted: (node) => mounted.has(node),
    stop: () => {
      observer.disconnect();
      win.clearTimeout(remountTimer);
      doc.removeEventListener(MOUNT_EVENT, onMount);
      doc.removeEventListener(UNMOUNT_EVENT, onUnmount);
      doc.removeEventListener('DOMContentLoaded', start);
      win.removeEventListener('popstate', onPopState);
      unmountWhere(() => true);
    },
  };
}
