import styles from './back-arrow.module.css';

/** "←" for Back buttons, mirrored in right-to-left languages (CSS :dir(rtl)). */
export function BackArrow() {
  return (
    <span className={styles.arrow} aria-hidden="true">
      ←
    </span>
  );
}
