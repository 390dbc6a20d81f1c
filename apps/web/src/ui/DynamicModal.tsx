/** The dynamic content modal (spec §2, Shared): a title, content and a footer, shown in the modal stack. */
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DynamicModal.module.css';
import { useModalFrame, useModalStack } from './ModalStack.tsx';

export function DynamicModal({
  title,
  children,
  footer,
}: {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const { titleId, close } = useModalFrame();
  return (
    <>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={close} aria-label={t('ui.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </>
  );
}

export type TDynamicModalContent = {
  title: ReactNode;
  content: ReactNode;
  /** Footer content; a function receives `close` for «Отмена»-style buttons. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
};

/** Opens a DynamicModal on the stack and lets its title, content and footer change while it is open. */
export function useDynamicModal() {
  const stack = useModalStack();
  const render = useCallback(
    ({ title, content, footer }: TDynamicModalContent) =>
      ({ close }: { close: () => void }) => (
        <DynamicModal title={title} footer={typeof footer === 'function' ? footer(close) : footer}>
          {content}
        </DynamicModal>
      ),
    [],
  );
  return useMemo(
    () => ({
      open: (content: TDynamicModalContent) => stack.open(render(content)),
      update: (id: number, content: TDynamicModalContent) => stack.update(id, render(content)),
      close: stack.close,
    }),
    [stack, render],
  );
}
