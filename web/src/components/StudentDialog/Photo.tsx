import { useState } from 'react';

export interface PhotoProps {
  /** The image address; '' means no photo. */
  src: string | null | undefined;
  alt: string;
  /** Shown instead of the image when there is none or it fails to load. */
  emptyText: string;
  className?: string;
  'data-testid'?: string;
}

/** A photo, or a 'no photo' text when the address is empty or the image fails (spec section 2). */
export function Photo({ src, alt, emptyText, className, 'data-testid': testId = 'photo' }: PhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const show = !!src && failedSrc !== src;
  return (
    <div className={`campus-photo${className ? ` ${className}` : ''}`} data-testid={testId}>
      {show ? (
        <img src={src} alt={alt} onError={() => setFailedSrc(src)} data-testid={`${testId}-img`} />
      ) : (
        <div className="campus-photo-empty" data-testid={`${testId}-empty`}>
          {emptyText}
        </div>
      )}
    </div>
  );
}
