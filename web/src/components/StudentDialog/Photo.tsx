import { useState } from 'react';
import { useAuthorizedObjectUrl } from '../../hooks/useAuthorizedObjectUrl.ts';

export interface PhotoProps {
  /**
   * The API path of the picture (e.g. /xspic/downloadXsPic?xh=…&type=2 or /file/download/<id>); '' means
   * no photo. It is downloaded with the token header, which a bare `<img src>` cannot send.
   */
  path: string | null | undefined;
  alt: string;
  /** Shown instead of the image when there is none, the download fails or the image does not decode. */
  emptyText: string;
  className?: string;
  'data-testid'?: string;
}

/** A photo, or a 'no photo' text when the path is empty or the picture cannot be shown (spec section 2). */
export function Photo({ path, alt, emptyText, className, 'data-testid': testId = 'photo' }: PhotoProps) {
  const { url, loading, failed } = useAuthorizedObjectUrl(path);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const show = !!url && brokenUrl !== url;
  return (
    <div className={`campus-photo${className ? ` ${className}` : ''}`} data-testid={testId} data-state={show ? 'image' : loading ? 'loading' : 'empty'}>
      {show ? (
        <img src={url} alt={alt} onError={() => setBrokenUrl(url)} data-testid={`${testId}-img`} />
      ) : loading && !failed ? (
        <div className="campus-photo-empty" data-testid={`${testId}-loading`} aria-busy="true" />
      ) : (
        <div className="campus-photo-empty" data-testid={`${testId}-empty`}>
          {emptyText}
        </div>
      )}
    </div>
  );
}
