import type { ComponentType } from 'react';

/** Props of an island: the node's data-* attributes except data-component, camelCased (`data-user-id` → `userId`). */
export type TIslandProps = Record<string, string>;

export type TIslandDefinition = {
  /** Loads the component lazily: its code is fetched only when a page has a node for it. */
  load: () => Promise<{ default: ComponentType<TIslandProps> }>;
};

/** Component name (the value of data-component) → its definition. */
export type TIslandRegistry = Readonly<Record<string, TIslandDefinition>>;

export type TIslandsEventDetail = { root?: Element | Document } | null | undefined;

export const ISLAND_SELECTOR = '[data-component]';
export const MOUNT_EVENT = 'islands:mount';
export const UNMOUNT_EVENT = 'islands:unmount';
