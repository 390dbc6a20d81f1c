/**
 * Stacked popups (spec §2, Shared): several modals open on top of each other. Only the top one is live: Escape
 * closes it, Tab cycles inside it, the page and the modals below are inert. Closing a modal returns focus to the
 * element that opened it.
 */
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, initialFocusIn } from './focusable.ts';
import styles from './ModalStack.module.css';

export type TModalFrameApi = {
  /** Closes this modal. */
  close: () => void;
  /** Give this id to the modal's heading: the dialog is labelled by it. */
  titleId: string;
  isTop: boolean;
};

export type TModalRender = (frame: TModalFrameApi) => ReactNode;

export type TModalOptions = {
  /** Escape and a click on the backdrop close the modal (default true). */
  dismissible?: boolean;
  /** The accessible name when the content has no heading with `titleId`. */
  ariaLabel?: string;
  onClose?: () => void;
};

type TEntry = { id: number; render: TModalRender; options: TModalOptions; opener: HTMLElement | null };

export type TModalStackApi = {
  open: (render: TModalRender, options?: TModalOptions) => number;
  /** Replaces a modal's content while it stays open. */
  update: (id: number, render: TModalRender) => void;
  close: (id: number) => void;
  closeTop: () => void;
  closeAll: () => void;
  depth: number;
};

const ModalStackContext = createContext<TModalStackApi | null>(null);
const ModalFrameContext = createContext<TModalFrameApi | null>(null);

export function useModalStack(): TModalStackApi {
  const api = useContext(ModalStackContext);
  if (!api) throw new Error('useModalStack must be used inside <ModalStackProvider>');
  return api;
}

/** Inside a modal: its close function and the id its title should carry. */
export function useModalFrame(): TModalFrameApi {
  const api = useContext(ModalFrameContext);
  if (!api) throw new Error('useModalFrame must be used inside a modal of the stack');
  return api;
}

function ModalFrame({ entry, isTop, onClose }: { entry: TEntry; isTop: boolean; onClose: (id: number) => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { id, opener, options } = entry;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog) initialFocusIn(dialog).focus();
    // Closing gives focus back to whatever opened the modal.
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const frame = useMemo<TModalFrameApi>(
    () => ({ close: () => onClose(id), titleId, isTop }),
    [onClose, id, titleId, isTop],
  );

  const trapTab = (event: KeyboardEvent<HTMLDivElement>): void => {
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusable = focusableIn(dialog);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the close button do the same.
    <div
      className={styles.backdrop}
      inert={!isTop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && options.dismissible !== false) onClose(id);
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={options.ariaLabel ? undefined : titleId}
        aria-label={options.ariaLabel}
        tabIndex={-1}
        className={styles.dialog}
        onKeyDown={trapTab}
        data-modal-top={isTop || undefined}
      >
        <ModalFrameContext.Provider value={frame}>{entry.render(frame)}</ModalFrameContext.Provider>
      </div>
    </div>
  );
}

export function ModalStackProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<TEntry[]>([]);
  const entriesRef = useRef<TEntry[]>(entries);
  const hostRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);

  useLayoutEffect(() => {
    entriesRef.current = entries;
  }, [entries]);

  const close = useCallback((id: number) => {
    const entry = entriesRef.current.find((candidate) => candidate.id === id);
    setEntries((current) => current.filter((candidate) => candidate.id !== id));
    entry?.options.onClose?.();
  }, []);

  const open = useCallback((render: TModalRender, options: TModalOptions = {}) => {
    const id = nextId.current++;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEntries((current) => [...current, { id, render, options, opener }]);
    return id;
  }, []);

  const update = useCallback((id: number, render: TModalRender) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, render } : entry)));
  }, []);

  const closeTop = useCallback(() => {
    const top = entriesRef.current[entriesRef.current.length - 1];
    if (top) close(top.id);
  }, [close]);

  const closeAll = useCallback(() => {
    for (const entry of [...entriesRef.current].reverse()) close(entry.id);
  }, [close]);

  const isOpen = entries.length > 0;

  // While any modal is open the rest of the page is inert and does not scroll.
  useLayoutEffect(() => {
    if (!isOpen) return;
    const host = hostRef.current;
    const madeInert: Element[] = [];
    for (const element of document.body.children) {
      if (element === host || element.contains(host) || element.hasAttribute('inert')) continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    document.documentElement.classList.add('has-modal');
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      document.documentElement.classList.remove('has-modal');
    };
  }, [isOpen]);

  // Escape closes the top modal only; focus that escapes the top modal is brought back into it.
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const top = entriesRef.current[entriesRef.current.length - 1];
      if (!top || top.options.dismissible === false) return;
      event.preventDefault();
      close(top.id);
    };
    const onFocusIn = (event: FocusEvent): void => {
      const topDialog = hostRef.current?.querySelector<HTMLElement>('[data-modal-top]');
      if (topDialog && event.target instanceof Node && !topDialog.contains(event.target)) {
        initialFocusIn(topDialog).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [isOpen, close]);

  const api = useMemo<TModalStackApi>(
    () => ({ open, update, close, closeTop, closeAll, depth: entries.length }),
    [open, update, close, closeTop, closeAll, entries.length],
  );

  return (
    <ModalStackContext.Provider value={api}>
      {children}
      {isOpen &&
        createPortal(
          <div ref={hostRef} className={styles.host}>
            {entries.map((entry, index) => (
              <ModalFrame key={entry.id} entry={entry} isTop={index === entries.length - 1} onClose={close} />
            ))}
          </div>,
          document.body,
        )}
    </ModalStackContext.Provider>
  );
}
