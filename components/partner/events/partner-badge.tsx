'use client';

import { useSession } from '@/components/auth/session-store';
import styles from './events.module.css';

/** The signed-in partner's avatar (initial) and name, as the ride event page's header shows them. */
export function PartnerBadge() {
  const { me } = useSession();
  const name = me?.name || me?.business_name;
  if (!name) return null;
  return (
    <p className={styles.badge}>
      <span className={styles.avatar} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      {name}
    </p>
  );
}
