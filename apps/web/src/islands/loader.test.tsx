import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIslands, type TIslandsController } from './loader.tsx';
import { MOUNT_EVENT, type TIslandProps, type TIslandRegistry, UNMOUNT_EVENT } from './types.ts';

/** How many instances of each island are mounted now, and how many times each was mounted in total. */
const live = new Map<string, number>();
const mountCount = new Map<string, number>();

function useLifecycle(id: string): void {
  useEffect(() => {
    live.set(id, (live.get(id) ?? 0) + 1);
    mountCount.set(id, (mountCount.get(id) ?? 0) + 1);
    return () => {
      live.set(id, (live.get(id) ?? 0) - 1);
    };
  }, [id]);
}

function Widget(props: TIslandProps) {
  const id = props.id ?? 'widget';
  useLifecycle(id);
  return <p data-testid={`island-${id}`}>{JSON.stringify(props)}</p>;
}

function Spa(props: TIslandProps) {
  const id = props.id ?? 'spa';
  useLifecycle(id);
  return <p data-testid={`island-${id}`}>spa</p>;
}

const registry: TIslandRegistry = {
  Widget: { load: async () => ({ default: Widget }) },
  App: { load: async () => ({ default: Spa }) },
};

const isLive = (id: string): boolean => (live.get(id) ?? 0) > 0;

let controller: TIslandsController | null = null;

async function start(): Promise<TIslandsController> {
  await act(async () => {
    controller = startIslands({ registry });
  });
  return controller as unknown as TIslandsController;
}

async function dispatch(event: Event, target: EventTarget = document): Promise<void> {
  await act(async () => {
    target.dispatchEvent(event);
  });
}

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

beforeEach(() => {
  live.clear();
  mountCount.clear();
  document.body.innerHTML = '';
});

afterEach(async () => {
  await act(async () => controller?.stop());
  controller = null;
  setReadyState('complete');
  document.body.innerHTML = '';
});

describe('islands loader', () => {
  it('mounts every [data-component] node on page load, props from the other data-* attributes, camelCased', async () => {
    document.body.innerHTML = `
      <div data-component="App" data-id="spa"></div>
      <aside data-component="Widget" data-id="rating" data-slot-hashid="s1" data-show-title="yes"></aside>`;

    await start();

    expect(await screen.findByTestId('island-spa')).toBeInTheDocument();
    const widget = await screen.findByTestId('island-rating');
    expect(JSON.parse(widget.textContent ?? '{}')).toEqual({ id: 'rating', slotHashid: 's1', showTitle: 'yes' });
  });

  it('waits for DOMContentLoaded while the document is still loading', async () => {
    setReadyState('loading');
    document.body.innerHTML = '<div data-component="Widget" data-id="late"></div>';

    await start();
    expect(screen.queryByTestId('island-late')).not.toBeInTheDocument();

    setReadyState('interactive');
    await dispatch(new Event('DOMContentLoaded'));
    expect(await screen.findByTestId('island-late')).toBeInTheDocument();
  });

  it('skips names that are not registered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<div data-component="Nope"></div><div data-component="Widget" data-id="ok"></div>';

    const islands = await start();

    expect(await screen.findByTestId('island-ok')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Nope'));
    expect(islands.mountedNames()).toEqual(['Widget']);
  });

  it('mounts on the custom mount event, limited to detail.root when given', async () => {
    document.body.innerHTML = `
      <section id="a"><div data-component="Widget" data-id="a"></div></section>
      <section id="b"><div data-component="Widget" data-id="b"></div></section>`;
    await start();
    await screen.findByTestId('island-b');
    await dispatch(new CustomEvent(UNMOUNT_EVENT));
    expect(isLive('a') || isLive('b')).toBe(false);

    const sectionA = document.getElementById('a') as HTMLElement;
    await dispatch(new CustomEvent(MOUNT_EVENT, { detail: { root: sectionA } }));
    expect(await screen.findByTestId('island-a')).toBeInTheDocument();
    expect(screen.queryByTestId('island-b')).not.toBeInTheDocument();

    await dispatch(new CustomEvent(MOUNT_EVENT));
    expect(await screen.findByTestId('island-b')).toBeInTheDocument();
  });

  it('mounts within the element the mount event is dispatched on (bubbling)', async () => {
    await start();
    const holder = document.createElement('div');
    holder.innerHTML = '<div data-component="Widget" data-id="bubbled"></div>';
    await act(async () => {
      document.body.append(holder);
    });
    await screen.findByTestId('island-bubbled');
    await dispatch(new CustomEvent(UNMOUNT_EVENT, { bubbles: true }), holder);
    expect(isLive('bubbled')).toBe(false);

    await dispatch(new CustomEvent(MOUNT_EVENT, { bubbles: true }), holder);
    expect(await screen.findByTestId('island-bubbled')).toBeInTheDocument();
  });

  it('mounts a node without an app when it appears in the page (MutationObserver)', async () => {
    await start();

    const node = document.createElement('div');
    node.dataset.component = 'Widget';
    node.dataset.id = 'appeared';
    await act(async () => {
      document.body.append(node);
    });
    expect(await screen.findByTestId('island-appeared')).toBeInTheDocument();

    // A node nested in an added subtree is found too.
    const wrapper = document.createElement('div');
    wrapper.innerHTML = '<span><i data-component="Widget" data-id="nested"></i></span>';
    await act(async () => {
      document.body.append(wrapper);
    });
    expect(await screen.findByTestId('island-nested')).toBeInTheDocument();
  });

  it('unmounts an island whose node leaves the page', async () => {
    document.body.innerHTML = '<div data-component="Widget" data-id="leaving"></div>';
    const islands = await start();
    await screen.findByTestId('island-leaving');
    expect(isLive('leaving')).toBe(true);

    await act(async () => {
      document.querySelector('[data-id="leaving"]')?.remove();
    });
    await waitFor(() => expect(isLive('leaving')).toBe(false));
    expect(islands.mountedNames()).toEqual([]);
  });

  it('does not mount nodes inside another island: they belong to its React tree', async () => {
    document.body.innerHTML =
      '<div data-component="Widget" data-id="outer"><div data-component="Widget" data-id="inner"></div></div>';
    const islands = await start();
    await screen.findByTestId('island-outer');
    expect(islands.mountedNames()).toEqual(['Widget']);
  });

  it('unmounts on the custom unmount event, limited to detail.root when given', async () => {
    document.body.innerHTML = `
      <section id="a"><div data-component="Widget" data-id="a"></div></section>
      <section id="b"><div data-component="Widget" data-id="b"></div></section>
      <div data-component="App" data-id="spa"></div>`;
    await start();
    await screen.findByTestId('island-spa');
    await waitFor(() => expect(isLive('a') && isLive('b')).toBe(true));

    await dispatch(new CustomEvent(UNMOUNT_EVENT, { detail: { root: document.getElementById('a') } }));
    expect(isLive('a')).toBe(false);
    expect(isLive('b')).toBe(true);
    expect(screen.queryByTestId('island-a')).not.toBeInTheDocument();

    await dispatch(new CustomEvent(UNMOUNT_EVENT));
    expect(isLive('b')).toBe(false);
    expect(isLive('spa')).toBe(false);
  });

  it('on back/forward unmounts every island, the SPA included, then mounts the nodes still in the page afresh', async () => {
    document.body.innerHTML = `
      <div data-component="App" data-id="spa"></div>
      <div data-component="Widget" data-id="popup"></div>`;
    await start();
    await screen.findByTestId('island-popup');
    await screen.findByTestId('island-spa');
    const spaMounts = mountCount.get('spa') ?? 0;
    const popupMounts = mountCount.get('popup') ?? 0;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await dispatch(new PopStateEvent('popstate'), window);

    expect(isLive('popup')).toBe(false);
    expect(isLive('spa')).toBe(false);
    expect(screen.queryByTestId('island-popup')).not.toBeInTheDocument();
    expect(screen.queryByTestId('island-spa')).not.toBeInTheDocument();
    expect(controller?.mountedNames()).toEqual([]);

    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    vi.useRealTimers();
    expect(await screen.findByTestId('island-popup')).toBeInTheDocument();
    expect(await screen.findByTestId('island-spa')).toBeInTheDocument();
    expect(mountCount.get('popup')).toBeGreaterThan(popupMounts);
    expect(mountCount.get('spa')).toBeGreaterThan(spaMounts);
  });

  it('stop() unmounts everything and stops listening', async () => {
    document.body.innerHTML = '<div data-component="Widget" data-id="w"></div>';
    const islands = await start();
    await screen.findByTestId('island-w');

    await act(async () => islands.stop());
    expect(isLive('w')).toBe(false);

    await dispatch(new CustomEvent(MOUNT_EVENT));
    expect(screen.queryByTestId('island-w')).not.toBeInTheDocument();
  });
});
