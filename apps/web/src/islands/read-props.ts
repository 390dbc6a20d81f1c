import type { TIslandProps } from './types.ts';

/** The node's data-* attributes other than data-component, camelCased by the DOM's dataset. */
export function readIslandProps(node: HTMLElement): TIslandProps {
  const props: TIslandProps = {};
  for (const [key, value] of Object.entries(node.dataset)) {
    if (key !== 'component' && value !== undefined) props[key] = value;
  }
  return props;
}
