import type { ReactNode } from 'react';
import styles from './screen.module.css';

const TITLE_ID = 'console-screen-title';

/** A console section (one per page): its h1, a subtitle, an optional aside (e.g. the signed-in user) and the content. */
export function ConsoleScreen({ title, subtitle, aside, children }: { title: string; subtitle?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.screen} aria-labelledby={TITLE_ID}>
      <header className={`${styles.heading} ${styles.toolbar}`}>
        <div className={styles.grow}>
          <h1 id={TITLE_ID}>{title}</h1>
          {subtitle ? <p>{subtitle}</p> : null}
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
