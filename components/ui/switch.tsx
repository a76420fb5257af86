import type { ButtonHTMLAttributes } from 'react';
import styles from './switch.module.css';

/** An on/off switch: a button with role switch, named by a label (`aria-label` or a `<label htmlFor>`). */
export function Switch({
  checked,
  onChange,
  ...rest
}: { checked: boolean; onChange: (next: boolean) => void } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onChange' | 'role' | 'type' | 'className' | 'children'
>) {
  return (
    <button {...rest} type="button" role="switch" aria-checked={checked} className={styles.switch} onClick={() => onChange(!checked)}>
      <span className={styles.switchThumb} aria-hidden="true" />
    </button>
  );
}
