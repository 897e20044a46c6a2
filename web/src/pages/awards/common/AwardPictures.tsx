import { Image, Skeleton, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AwardPicture } from '@campus/contract';
import { pictureDownloadPath } from '../../../api/awards.ts';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';
import './awards.css';

function Thumbnail({ picture, size }: { picture: AwardPicture; size: number }) {
  const { url, failed } = useAuthorizedObjectUrl(pictureDownloadPath(picture));
  if (failed) {
    return (
      <div className="award-thumb is-missing" title={picture.name} style={{ width: size, height: size }}>
        <PictureOutlined />
      </div>
    );
  }
  if (!url) return <Skeleton.Image active className="award-thumb" style={{ width: size, height: size }} />;
  return <Image src={url} alt={picture.name} width={size} height={size} className="award-thumb-img" rootClassName="award-thumb" data-testid="award-picture" />;
}

/** Pictures of an event, a given award or a certificate, fetched behind the token; a click enlarges one. */
export function AwardPictures({ pictures, size = 96 }: { pictures: readonly AwardPicture[]; size?: number }) {
  const { t } = useTranslation();
  if (pictures.length === 0) return <Typography.Text type="secondary">{t('awardsUi.noPictures')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <div className="award-pictures">
        {pictures.map((picture) => (
          <Thumbnail key={picture.id} picture={picture} size={size} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/** Known names of pictures already saved, for the upload field of an item being modified. */
export function knownPictures(pictures: readonly AwardPicture[] | undefined): { RESID: string; name: string }[] {
  return (pictures ?? []).map((picture) => ({ RESID: picture.id, name: picture.name }));
}
