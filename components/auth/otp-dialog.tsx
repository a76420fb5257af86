'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { OTP } from '@/lib/auth/constants';
import { CodeInput } from './code-input';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

type Props = {
  target: string;
  busy: boolean;
  error?: string;
  notice?: string;
  resendIn: number;
  onVerify: (code: string) => void;
  onResend: () => void;
  onClose: () => void;
};

/** The code step as a modal dialog: the code field, Verify, the resend link with its countdown, Close. */
export function OtpDialog({ target, busy, error, notice, resendIn, onVerify, onResend, onClose }: Props) {
  const t = useTranslations('Auth');
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const id = useId();

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    input.current?.focus();
    return () => node?.close();
  }, []);

  useEffect(() => {
    if (code.length === OTP.LENGTH && !busy) onVerify(code);
    // Verifies as soon as the last digit arrives (typed, pasted or autofilled).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === OTP.LENGTH) onVerify(code);
        }}
      >
        <h2 id={`${id}-title`}>{t('codeTitle')}</h2>
        <p id={`${id}-sent`}>{t('codeSentTo', { target })}</p>
        <CodeInput
          ref={input}
          id={`${id}-code`}
          label={t('codeLabel')}
          value={code}
          onChange={setCode}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : `${id}-sent`}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className={ui.error}>
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        ) : null}
        <button type="submit" className={`${ui.button} ${ui.primary} ${styles.full}`} disabled={busy || code.length !== 4}>
          {busy ? t('verifying') : t('verify')}
        </button>
        <div className={styles.row}>
          {resendIn > 0 ? (
            <span className={ui.muted}>{t('resendIn', { seconds: resendIn })}</span>
          ) : (
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                setCode('');
                onResend();
              }}
              disabled={busy}
            >
              {t('notReceived')}
            </button>
          )}
          <button type="button" className={styles.link} onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
