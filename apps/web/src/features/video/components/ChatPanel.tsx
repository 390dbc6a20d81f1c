import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatTime } from '../../../i18n/format-zoned.ts';
import { cx } from '../../../lib/cx.ts';
import type { TChatEntry } from '../core/types.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallScreen.module.css';

/**
 * The call's chat: messages of both sides in order (kept after a reload: the server sends the history on join),
 * ours marked «Вы»; Enter sends. On a phone it is a sheet over the video; Escape closes it.
 */
export function ChatPanel({
  messages,
  selfUid,
  timeZone,
  canSend,
  onSend,
  onClose,
}: {
  messages: readonly TChatEntry[];
  selfUid: string;
  timeZone: string;
  canSend: boolean;
  onSend: (text: string) => boolean;
  onClose: () => void;
}) {
  const t = useVideoT();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (list && messages.length > 0) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (onSend(text)) setText('');
  };

  return (
    <aside
      className={styles.chat}
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className={styles.chatHeader}>
        <h2 id={headingId} className={styles.chatTitle}>
          {t('chat.title')}
        </h2>
        <button type="button" className={styles.chatClose} onClick={onClose} aria-label={t('chat.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <ol ref={listRef} className={styles.messages} role="log" aria-label={t('chat.log')} aria-live="polite">
        {messages.length === 0 && <li className={styles.chatEmpty}>{t('chat.empty')}</li>}
        {messages.map((message) => {
          const mine = message.from_uid === selfUid;
          return (
            <li
              key={message.id}
              className={cx(styles.message, mine && styles.mine)}
              data-pending={message.pending || undefined}
            >
              <p className={styles.messageMeta}>
                <span className={styles.messageAuthor}>{mine ? t('chat.you') : message.name}</span>{' '}
                <time dateTime={message.sent_at}>
                  {message.pending ? t('chat.sending') : formatTime(message.sent_at, timeZone)}
                </time>
              </p>
              <p className={styles.messageText}>{message.text}</p>
            </li>
          );
        })}
      </ol>
      <form className={styles.chatForm} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat.label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.chatInput}
          value={text}
          maxLength={2000}
          autoComplete="off"
          placeholder={t('chat.label')}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.chatSend} disabled={!canSend || text.trim() === ''}>
          {t('chat.send')}
        </button>
      </form>
    </aside>
  );
}
