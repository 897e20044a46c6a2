import { Alert, Button, Divider, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CustomBlock } from '@campus/contract';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';

function ImageBlock({ fileId, caption }: { fileId: string; caption: string }) {
  const { t } = useTranslation();
  const { url } = useAuthorizedObjectUrl(fileId ? `/file/download/${encodeURIComponent(fileId)}` : '');
  return (
    <figure className="custom-block-image">
      {url ? <img src={url} alt={caption} /> : <div className="custom-block-image-empty">{t('customPages.noImage')}</div>}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

/** One block of a custom page, as its users see it (the designer shows the same). */
export function Block({ block }: { block: CustomBlock }) {
  const navigate = useNavigate();
  switch (block.type) {
    case 'heading':
      return (
        <Typography.Title level={3} className="custom-block-heading">
          {block.text}
        </Typography.Title>
      );
    case 'text':
      return <Typography.Paragraph className="custom-block-text">{block.text}</Typography.Paragraph>;
    case 'notice':
      return <Alert type={block.level} showIcon title={block.title} description={block.text} />;
    case 'links':
      return (
        <Space wrap>
          {block.links.map((link, index) => (
            <Button key={`${link.route}-${index}`} onClick={() => void navigate(link.route)}>
              {link.label}
            </Button>
          ))}
        </Space>
      );
    case 'image':
      return <ImageBlock fileId={block.fileId} caption={block.caption} />;
    case 'divider':
      return <Divider />;
  }
}
