'use client';

import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { CHAT_MESSAGE_MAX } from '@/lib/chat/limits';
import { useVoiceInput } from './use-voice-input';
import styles from './chat.module.css';

/** Tallest the text area grows to before it scrolls, in px. */
const MAX_HEIGHT = 200;

type Props = { text: string; onText: (text: string) => void; onSend: () => void };

/** What the composer says when voice input did not work (Chat namespace). */
const VOICE_PROBLEM_KEY = {
  unsupported: 'voiceUnsupported',
  denied: 'voiceDenied',
  noMicrophone: 'voiceNoMicrophone',
  noSpeech: 'voiceNoSpeech',
  failed: 'voiceFailed',
} as const;

/** The growing text area, voice input and Send (disabled while blank or while listening). */
export function Composer({ text, onText, onSend }: Props) {
  const t = useTranslations('Chat');
  const locale = useLocale();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const unsupported = useCallback(() => window.alert(t('voiceUnsupported')), [t]);
  const voice = useVoiceInput({ lang: locale, onText, onUnsupported: unsupported });
  const voiceProblem = voice.problem ? VOICE_PROBLEM_KEY[voice.problem] : null;
  const blank = !text.trim();

  useLayoutEffect(() => {
    const node = area.current;
    if (!node) return;
    node.style.height = 'auto';
    node.style.height = `${Math.min(node.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  const submit = () => {
    if (voice.listening || blank) return;
    onSend();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('inputLabel')}
      </label>
      <div className={styles.composerRow}>
        <textarea
          ref={area}
          id={`${id}-text`}
          className={styles.textarea}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={t('placeholder')}
          value={text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={voice.listening}
          aria-label={voice.listening ? t('voiceStop') : t('voiceStart')}
          aria-describedby={voiceProblem ? `${id}-voice` : undefined}
          onClick={() => (voice.listening ? voice.stop() : voice.start(text))}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 15a3 3 0 0 0 3-3V6a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-2.08A7 7 0 0 0 19 12h-2Z"
            />
          </svg>
        </button>
        <button type="submit" className={`${styles.iconButton} ${styles.send}`} disabled={blank || voice.listening} aria-label={t('send')}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
          </svg>
        </button>
      </div>
      {/* one live line: listening, or why the microphone did not work (refused, none, unsupported) */}
      <p id={`${id}-voice`} className={styles.status} role="status">
        {voice.listening ? t('listening') : voiceProblem ? t(voiceProblem) : ''}
      </p>
    </form>
  );
}
