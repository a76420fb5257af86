'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatTime } from '@/lib/i18n/format';
import type { ChatEntry } from './use-chat';
import styles from './chat.module.css';

/** One message: agent replies on the left with the AI badge, the rider's on the right with the U badge, each with a short time. */
export function MessageItem({ entry, timeZone, children }: { entry: ChatEntry; timeZone: string; children?: React.ReactNode }) {
  const t = useTranslations('Chat');
  const locale = useLocale();
  const isUser = entry.role === 'user' || entry.role === 'human';
  const name = isUser ? t('userName') : t('agentName');
  const time = formatTime(entry.content.createIsoTime, locale, timeZone);
  return (
    <li className={`${styles.row} ${entry.failed ? styles.failed : ''}`} data-side={isUser ? 'user' : 'agent'}>
      <span className={styles.badge} aria-hidden="true">
        {isUser ? t('userBadge') : t('agentBadge')}
      </span>
      <div className={styles.bubble}>
        <span className="visually-hidden">{t('sentAt', { name, time })}</span>
        {entry.pending ? (
          <span className={styles.dots} role="img" aria-label={t('typing')}>
            <span />
            <span />
            <span />
          </span>
        ) : (
          <p className={styles.text}>{entry.content.message}</p>
        )}
        {children}
        <time className={styles.time} dateTime={entry.content.createIsoTime} aria-hidden="true">
          {time}
        </time>
      </div>
    </li>
  );
}
