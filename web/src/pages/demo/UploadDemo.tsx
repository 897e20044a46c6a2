import { useState } from 'react';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadedFile } from '../../components/FileUpload/index.ts';
import { Photo } from '../../components/StudentDialog/Photo.tsx';
import type { PageProps } from '../registry.ts';
import { EventLog, useEventLog } from './EventLog.tsx';
import './demo.css';

/**
 * /demo/upload: the shared upload with two purposes (pictures, documents). Uploaded pictures are shown
 * again through the authorized download (/file/download/<id>), the path every later area uses.
 */
export default function UploadDemo(_props: PageProps) {
  const { t } = useTranslation();
  const { events, log } = useEventLog();
  const [images, setImages] = useState<string[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);
  const uploaded = (file: UploadedFile) => log(t('upload.demo.uploaded', { name: file.name, id: file.RESID }));
  const value = (ids: string[]) => `${t('demo.value')}: ${ids.length ? ids.join(',') : t('demo.none')}`;
  return (
    <div className="demo-page" data-testid="demo-upload">
      <Typography.Title level={4}>{t('upload.demo.title')}</Typography.Title>
      <Card size="small" title={t('upload.demo.images')} data-testid="demo-upload-images">
        <FileUpload purpose="image" value={images} onChange={setImages} onUploaded={uploaded} data-testid="demo-upload-image" />
        <div className="demo-value" data-testid="demo-upload-image-value">
          {value(images)}
        </div>
        <Space wrap className="demo-upload-previews">
          {images.map((id) => (
            <Photo key={id} path={`/file/download/${encodeURIComponent(id)}`} alt={id} emptyText={t('upload.demo.noPreview')} data-testid="demo-upload-preview" />
          ))}
        </Space>
      </Card>
      <Card size="small" title={t('upload.demo.documents')} data-testid="demo-upload-documents">
        <FileUpload purpose="document" value={documents} onChange={setDocuments} onUploaded={uploaded} data-testid="demo-upload-document" />
        <div className="demo-value" data-testid="demo-upload-document-value">
          {value(documents)}
        </div>
      </Card>
      <EventLog events={events} />
    </div>
  );
}
