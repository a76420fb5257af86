import styles from './blog.module.css';

/** A post's cover (spec 000 §2.12): lazy, the WebP source when there is one, else the image alone. */
export function BlogCover({ image, imageWebp, alt }: { image: string; imageWebp: string | null; alt: string }) {
  return (
    <picture>
      {imageWebp ? <source srcSet={imageWebp} type="image/webp" /> : null}
      <img src={image} alt={alt} loading="lazy" decoding="async" width={1200} height={630} className={styles.cover} />
    </picture>
  );
}
