/**
 * Stacked popups (spec §2, Shared) on the native `<dialog>`. Each modal is shown with `showModal()`, so the browser
 * does the focus work: it puts the modal in the top layer above the page and every modal below it, makes the rest of
 * the document inert (Tab stays inside the top modal), moves focus into it, turns Escape into a `cancel` event, and
 * on `close()` gives focus back to whatever was focused when the modal opened. This file keeps only the stack:
 * which modals are open, in order, and what they show.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styles from './ModalStack.module.css';

export type TModalFrameApi = {
  /** Closes this modal. */
  close: () => void;
  /** Give this id to the modal's heading: the dialog is labelled by it. */
  titleId: string;
};

export type TModalRender = (frame: TModalFrameApi) => ReactNode;

type TEntry = { id: number; render: TModalRender };

export type TModalStackApi = {
  open: (render: TModalRender) => number;
  /** Replaces a modal's content while it stays open. */
  update: (id: number, render: TModalRender) => void;
  close: (id: number) => void;
  /** How many modals are open. */
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

function ModalFrame({
  entry,
  onClose,
  register,
}: {
  entry: TEntry;
  onClose: (id: number) => void;
  register: (id: number, dialog: HTMLDialogElement | null) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { id } = entry;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    register(id, dialog);
    dialog.showModal();
    return () => {
      register(id, null);
      if (dialog.open) dialog.close();
    };
  }, [id, register]);

  const frame = useMemo<TModalFrameApi>(() => ({ close: () => onClose(id), titleId }), [onClose, id, titleId]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape: the stack closes the modal itself, so the page's state and the dialog never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose(id);
      }}
      // A modal the browser closed on its own (a repeated Escape) leaves the stack too.
      onClose={() => onClose(id)}
      // A press on the backdrop lands on the dialog element itself (the content fills the rest of it). Focus stays
      // where it is, inside the modal, so closing returns it to the opener.
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose(id);
      }}
    >
      <div className={styles.frame}>
        <ModalFrameContext.Provider value={frame}>{entry.render(frame)}</ModalFrameContext.Provider>
      </div>
    </dialog>
  );
}

export function ModalStackProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<TEntry[]>([]);
  const dialogs = useRef(new Map<number, HTMLDialogElement>());
  const nextId = useRef(1);

  const register = useCallback((id: number, dialog: HTMLDialogElement | null) => {
    if (dialog) dialogs.current.set(id, dialog);
    else dialogs.current.delete(id);
  }, []);

  const open = useCallback((render: TModalRender) => {
    const id = nextId.current++;
    setEntries((current) => [...current, { id, render }]);
    return id;
  }, []);

  const update = useCallback((id: number, render: TModalRender) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, render } : entry)));
  }, []);

  const close = useCallback((id: number) => {
    // Closed at once, before React removes it: the browser returns focus to what opened it.
    const dialog = dialogs.current.get(id);
    if (dialog?.open) dialog.close();
    setEntries((current) => current.filter((entry) => entry.id !== id));
  }, []);

  const api = useMemo<TModalStackApi>(
    () => ({ open, update, close, depth: entries.length }),
    [open, update, close, entries.length],
  );

  return (
    <ModalStackContext.Provider value={api}>
      {children}
      {entries.map((entry) => (
        <ModalFrame key={entry.id} entry={entry} onClose={close} register={register} />
      ))}
    </ModalStackContext.Provider>
  );
}
