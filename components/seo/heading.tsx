import type { ReactNode } from 'react';

export type HeadingLevel = 1 | 2 | 3;

/** A heading at a level chosen by the page: sections sit one level under their page heading. */
export function Heading({ level, id, className, children }: { level: HeadingLevel; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

export const below = (level: HeadingLevel): HeadingLevel => (level === 1 ? 2 : 3);
