import { Image, Skeleton, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RecordPicture } from '@campus/contract';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';
import { pictureDownloadPath } from '../api.ts';

function Thumbnail({ picture, size }: { picture: RecordPicture; size: number }) {
  const { url, failed } = useAuthorizedObjectUrl(pictureDownloadPath(picture.id));
  if (failed) {
    return (
      <div className="ht-thumb" title={picture.name} style={{ width: size, height: size }}>
        <PictureOutlined />
      </div>
    );
  }
  if (!url) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return <Image src={url} alt={picture.name} width={size} height={size} style={{ objectFit: 'cover' }} rootClassName="ht-thumb" data-testid="ht-picture" />;
}

/** A record's pictures, fetched behind the token; a click enlarges one. */
export function Pictures({ pictures, size = 88 }: { pictures: readonly RecordPicture[]; size?: number }) {
  const { t } = useTranslation();
  if (pictures.length === 0) return <Typography.Text type="secondary">{t('htUi.noPictures')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <div className="ht-pictures">
        {pictures.map((picture) => (
          <Thumbnail key={picture.id} picture={picture} size={size} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
