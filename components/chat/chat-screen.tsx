'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { useSession } from '@/components/auth/session-store';
import { AgentCards } from './agent-cards';
import { ChatSignIn } from './chat-sign-in';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { useChat } from './use-chat';
import styles from './chat.module.css';
import { BackArrow } from '@/components/ui/back-arrow';
import { useHydrationStore } from '@/components/ui/hydration-store';

type Props = {
  timeZone: string;
  defaultCountry: string;
  /** Where Back goes. */
  backHref: string;
  /** Where the booked card links to. */
  ridesHref: string;
};

/**
 * 'Book Taxi with AI' (docs/requirements/rider.md#booking-by-chat, docs/requirements/partner.md#ai-agent): the suggested
 * message, the conversation, the composer, and the phone-code sign-in when a
 * signed-out rider chooses to book (fares need no sign-in). Needs Chat, VehicleTypes, Auth, AuthErrors, Validation.
 */
export function ChatScreen({ timeZone, defaultCountry, backHref, ridesHref }: Props) {
  const t = useTranslations('Chat');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const { status, me } = useSession();
  const [text, setText] = useState('');
  const [signIn, setSignIn] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const texts = useMemo(() => ({ notUnderstood: t('notUnderstood'), failed: t('failed'), tooFast: t('tooFast') }), [t]);
  const chat = useChat({
    ready: status === 'ready',
    userId: me?.user_id ?? null,
    locale,
    texts,
    onQueuedSent: () => setText(''),
    onSignInNeeded: () => setSignIn(true),
  });
  const lastAgent = chat.entries.findLast((e) => e.role !== 'user' && e.role !== 'human' && !e.pending)?.id;
  const busy = chat.entries.some((e) => e.pending);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [chat.entries]);

  const send = (raw: string) => {
    if (chat.send(raw) === 'sent') setText('');
  };

  // the sample fills the box only once the scripts run: until then the button says it cannot be used yet, rather
  // than dropping a tap (the page's scripts load after its first paint)
  const ready = useHydrationStore((state) => state.hydrated);

  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <button type="button" className={styles.back} onClick={() => router.push(backHref)}>
          <BackArrow /> {t('back')}
        </button>
        <h1 id={`${id}-title`}>{t('title')}</h1>
      </header>
      <div className={styles.intro}>
        <p>{t('intro')}</p>
        <button type="button" className={styles.sample} disabled={!ready} onClick={() => setText(t('sampleMessage'))}>
          <span className={styles.sampleTitle}>{t('sampleTitle')}</span>
          <span>{t('sampleMessage')}</span>
          <span className={styles.sampleHint}>{t('sampleHint')}</span>
        </button>
      </div>
      <ol ref={list} className={styles.list} aria-label={t('conversation')} aria-busy={chat.loading || busy}>
        {chat.loading && !chat.entries.length && chat.chatSession ? <li className={styles.status}>{t('loadingHistory')}</li> : null}
        {chat.entries.map((entry) => (
          <MessageItem key={entry.id} entry={entry} timeZone={timeZone}>
            {entry.data ? (
              <AgentCards data={entry.data} active={entry.id === lastAgent && !busy} ridesHref={ridesHref} onReply={send} onSignIn={() => setSignIn(true)} />
            ) : null}
          </MessageItem>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {chat.announcement}
      </p>
      <Composer text={text} onText={setText} onSend={() => send(text)} />
      {signIn && !me ? <ChatSignIn defaultCountry={defaultCountry} onSignedIn={() => setSignIn(false)} onDismiss={() => setSignIn(false)} /> : null}
    </section>
  );
}
