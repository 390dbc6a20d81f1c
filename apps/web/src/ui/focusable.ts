const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `container` that Tab reaches, in order (skipping hidden and inert ones). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert], [hidden]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Where focus goes when a container opens: an element marked data-autofocus, else the first focusable one. */
export function initialFocusIn(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(container)[0] ?? container;
}
