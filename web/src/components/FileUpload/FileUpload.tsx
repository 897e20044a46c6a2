import { useRef, useState } from 'react';
import { Button, Upload, Typography } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acceptedExtensions, formatByteLimit, kindLabels, precheckFile, uploadRule, type UploadPurpose } from '@campus/contract';
import { ERROR_DURATION_SECONDS, upload } from '../../api/client.ts';
import { feedback } from '../../app/feedback.ts';

/** One stored file as the upload call answers it (server/src/modules/shared/files/routes.ts). */
export interface UploadedFile {
  RESID: string;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}

export const UPLOAD_PATH = '/api/files/upload';

export interface FileUploadProps {
  /** Decides the kinds, largest size and most files (contract/src/shared/files.ts). */
  purpose: UploadPurpose;
  /** The resource ids (RESID) of the files; uncontrolled when absent. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Every stored file this component uploaded, for callers that want names or types too. */
  onUploaded?: (file: UploadedFile) => void;
  /** Names of files already in `value` (an item being edited); an unknown id shows as itself. */
  knownFiles?: readonly Pick<UploadedFile, 'RESID' | 'name'>[];
  disabled?: boolean;
  /** Shows the limits under the button (on by default). */
  showHint?: boolean;
  /**
   * For picture purposes on a phone: adds a "Take a photo" button whose input opens the camera ('environment'
   * the back one, 'user' the front one); the choose button still offers the gallery and files.
   */
  capture?: 'environment' | 'user';
  /** Lists the stored files too (on by default); off when the caller lists them its own way (recordings with a player). */
  listStored?: boolean;
  'data-testid'?: string;
}

/**
 * The shared file upload (issue 3): an antd Upload whose requests go through the request client (token,
 * request encryption), checked against the purpose's limits before anything is sent — empty file,
 * type, size and count, with the catalogue's messages — listing the uploaded files by name with a remove
 * button. Its value is the list of resource ids, to be saved by the caller with its own row. Removing a
 * file only takes it out of the value: the stored file may belong to a saved item the user has not saved
 * again yet, and unreferenced uploads are the owner's to delete.
 */
export function FileUpload({ purpose, value, onChange, onUploaded, knownFiles, disabled, showHint = true, capture, listStored = true, 'data-testid': testId = 'file-upload' }: FileUploadProps) {
  const { t } = useTranslation();
  const rule = uploadRule(purpose);
  const [innerIds, setInnerIds] = useState<string[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<UploadFile[]>([]);
  const ids = value ?? innerIds;
  // Uploads finish one by one before the parent re-renders: each change builds on the latest ids.
  const latestIds = useRef(ids);
  latestIds.current = ids;

  const setIds = (next: string[]) => {
    latestIds.current = next;
    if (value === undefined) setInnerIds(next);
    onChange?.(next);
  };

  const nameOf = (id: string) => names[id] ?? knownFiles?.find((file) => file.RESID === id)?.name ?? id;
  const fileList: UploadFile[] = [
    ...(listStored ? ids.map((id): UploadFile => ({ uid: id, name: nameOf(id), status: 'done', response: { RESID: id } })) : []),
    ...pending,
  ];

  const refuse = (content: string) => feedback().message.error({ content, duration: ERROR_DURATION_SECONDS, key: `upload-refused-${purpose}` });

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const problem = precheckFile(purpose, file);
    if (problem) {
      refuse(t(problem.key, problem.params));
      return Upload.LIST_IGNORE;
    }
    // The whole choice counts: files already here, files on their way, and this one's place in the batch.
    const position = batch.filter((other) => !precheckFile(purpose, other)).indexOf(file);
    if (latestIds.current.length + pending.length + position + 1 > rule.maxFiles) {
      refuse(t('files.tooMany', { count: rule.maxFiles }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const controller = new AbortController();
    upload<UploadedFile[]>(UPLOAD_PATH, { fields: { purpose }, files: [file as File] }, { signal: controller.signal })
      .then((stored) => onSuccess?.(stored[0]))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) onError?.(error instanceof Error ? error : new Error(String(error)));
      });
    return { abort: () => controller.abort() };
  };

  const handleChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'uploading') {
      setPending((list) => [...list.filter((item) => item.uid !== file.uid), { ...file }]);
      return;
    }
    setPending((list) => list.filter((item) => item.uid !== file.uid));
    if (file.status === 'done') {
      const stored = file.response as UploadedFile | undefined;
      if (!stored?.RESID) return;
      setNames((known) => ({ ...known, [stored.RESID]: stored.name || file.name }));
      setIds([...latestIds.current, stored.RESID]);
      onUploaded?.(stored);
    }
    // 'error': the request client has already shown the server's message.
  };

  const handleRemove = (file: UploadFile): boolean => {
    const id = (file.response as { RESID?: string } | undefined)?.RESID;
    if (file.status === 'done' && id) setIds(latestIds.current.filter((other) => other !== id));
    else setPending((list) => list.filter((item) => item.uid !== file.uid));
    return true;
  };

  const full = ids.length + pending.length >= rule.maxFiles;
  return (
    <div className="campus-file-upload" data-testid={testId}>
      {capture && !full && (
        // The camera's pictures go through the same checks; they show in the list below while uploading and after.
        <div className="campus-file-upload-camera" style={{ marginBottom: 8 }}>
          <Upload
            accept="image/*"
            capture={capture}
            multiple={false}
            fileList={pending}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            onChange={handleChange}
            disabled={disabled}
            showUploadList={false}
          >
            <Button icon={<CameraOutlined />} disabled={disabled} data-testid={`${testId}-camera`}>
              {t('upload.camera')}
            </Button>
          </Upload>
        </div>
      )}
      <Upload
        accept={acceptedExtensions(purpose).join(',')}
        multiple={rule.maxFiles > 1}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onRemove={handleRemove}
        disabled={disabled}
        showUploadList={{ showRemoveIcon: !disabled, showDownloadIcon: false, showPreviewIcon: false }}
      >
        {!full && (
          <Button icon={<UploadOutlined />} disabled={disabled} data-testid={`${testId}-button`}>
            {t('upload.choose')}
          </Button>
        )}
      </Upload>
      {showHint && (
        <Typography.Text type="secondary" className="campus-file-upload-hint" data-testid={`${testId}-hint`}>
          {t('upload.hint', { types: kindLabels(purpose), limit: formatByteLimit(rule.maxBytes), count: rule.maxFiles })}
        </Typography.Text>
      )}
    </div>
  );
}

export default FileUpload;
