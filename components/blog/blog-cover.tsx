import styles from './blog.module.css';

type CoverProps = {
  image: string;
  imageWebp: string | null;
  alt: string;
  /** The stored image's size, when known (uploads); other addresses get none rather than a guess. */
  size?: { width: number; height: number };
  /** The page's main image (its largest paint): fetched at once and first; other covers load lazily. */
  priority?: boolean;
};

/** A post's cover (docs/requirements/rider.md#reading-the-blog): the WebP source when there is one, else the image alone. */
export function BlogCover({ image, imageWebp, alt, size, priority = false }: CoverProps) {
  return (
    <picture>
      {imageWebp ? <source srcSet={imageWebp} type="image/webp" /> : null}
      <img
        src={image}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        width={size?.width}
        height={size?.height}
        className={styles.cover}
      />
    </picture>
  );
}
