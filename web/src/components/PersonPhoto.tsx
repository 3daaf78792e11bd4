import { useCallback, useState } from 'react';

/**
 * A person's photo, or — when there is none or it fails to load — a neutral avatar: the initial
 * of the name on a colour derived from the name. Never the brand's logo, which would make any
 * account look official (the logo stands only for offers published by the team).
 */
export function PersonPhoto({
  name,
  image,
  size,
  className,
  priority = false,
  onLoad,
  decorative = false,
}: {
  name: string;
  image: string | null | undefined;
  size: number;
  className?: string;
  /** The page's main image (its largest paint): fetched at once and first, not when scrolled to. */
  priority?: boolean;
  /** Called once the photo has loaded or has been replaced by the avatar (spinners stop). */
  onLoad?: () => void;
  /** Beside the person's name in words: hidden from screen readers, so the name is read once. */
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const classes = ['person-photo', className].filter(Boolean).join(' ');
  // A server-rendered photo may have loaded (or failed) before the page was hydrated, when no
  // handler listened: its state is read once the element is the app's.
  const settled = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img?.complete) return;
      if (img.naturalWidth === 0) setFailed(true);
      onLoad?.();
    },
    // Read once, on mount: later loads come through the events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  if (image && !failed) {
    const photo = (
      <img
        className={classes}
        src={image}
        alt={decorative ? '' : `Foto de ${name}`}
        width={size}
        height={size}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        ref={settled}
        onLoad={onLoad}
        onError={() => {
          setFailed(true);
          onLoad?.();
        }}
      />
    );
    // Our uploads are stored as JPEG and WebP: browsers that read WebP get the smaller file.
    const webp = webpOf(image);
    return webp ? (
      <picture className="person-photo__picture">
        <source type="image/webp" srcSet={webp} />
        {photo}
      </picture>
    ) : (
      photo
    );
  }
  return (
    <span
      className={`${classes} person-photo--initial`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42), background: avatarColour(name) }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `Sin foto de ${name}` })}
    >
      {initial(name)}
    </span>
  );
}

const STORED_PHOTO = /^(\/api\/media\/profile-images\/[a-f0-9]{32})\.jpg$/;

/** The WebP twin of a photo stored by our pipeline, or null for any other address. */
export function webpOf(image: string): string | null {
  const stored = STORED_PHOTO.exec(image);
  return stored ? `${stored[1]}.webp` : null;
}

export function initial(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase('es-AR') : '?';
}

/** Hues spread around the wheel, dark enough that white text keeps a 4.5:1 contrast. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLocaleLowerCase('es-AR')) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360} 45% 30%)`;
}
