'use client';

import { forwardRef } from 'react';
import { OTP } from '@/lib/auth/constants';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/** One accessible field for the sign-in code (OTP.LENGTH digits): numeric keypad, paste and one-time-code autofill. */
export const CodeInput = forwardRef<
  HTMLInputElement,
  { id: string; label: string; value: string; onChange: (value: string) => void; invalid?: boolean; describedBy?: string }
>(function CodeInput({ id, label, value, onChange, invalid, describedBy }, ref) {
  return (
    <div className={ui.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name="otp"
        className={`${ui.input} ${styles.codeInput}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP.LENGTH}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP.LENGTH))}
      />
    </div>
  );
});
