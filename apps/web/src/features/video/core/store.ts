/** A tiny external store: `getSnapshot` and `subscribe` are what React's `useSyncExternalStore` asks for. */
export type TStore<S, E> = {
  getSnapshot: () => S;
  subscribe: (listener: () => void) => () => void;
  dispatch: (event: E) => void;
};

export function createStore<S, E>(initial: S, reduce: (state: S, event: E) => S): TStore<S, E> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (event) => {
      const next = reduce(state, event);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
