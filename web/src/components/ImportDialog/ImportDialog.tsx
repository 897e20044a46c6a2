import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { precheckFile, type UploadPurpose } from '@campus/contract';
import { ApiError, download, upload } from '../../api/client.ts';
import { saveBlob } from '../../api/exports.ts';
import { feedback } from '../../app/feedback.ts';
import './importDialog.css';

/** One bad cell of an imported sheet, as the import calls list them in `data.errors` of their 400 answer. */
export interface ImportErrorRow {
  row: number;
  column: string;
  message: string;
}

/** What an import call answers: how many rows went in, or (with a 400) every bad cell and nothing imported. */
export interface ImportResult {
  imported: number;
  errors: ImportErrorRow[];
}

export interface ImportDialogProps<Result extends ImportResult> {
  open: boolean;
  onClose: () => void;
  /** After a clean import (the dialog stays open with its success line). */
  onImported: (result: Result) => void;
  title: ReactNode;
  /** What the sheet must be like (limits, "one bad row imports nothing"). */
  hint: ReactNode;
  /** The multipart import call (one file). */
  url: string;
  /** The GET call of the template workbook and its file name without extension, in the user's language. */
  templateUrl: string;
  templateName: string;
  /** The upload rule checked before sending (type, 0 KB, size limit). */
  purpose: UploadPurpose;
  /** The success line of a clean import. */
  successText: (result: Result) => string;
  /** Prefix of the test ids: `<prefix>-dialog`, `-send`, `-close`, `-template`, `-choose`, `-errors`, `-error`, `-success`. */
  testId: string;
}

/**
 * The Excel import of a management screen: template download, one .xlsx chosen and checked against its upload
 * rule, then sent. The server checks every row first: a 400 lists each bad cell (row, column, problem) and
 * nothing is imported until the sheet is clean.
 */
export function ImportDialog<Result extends ImportResult>({ open, onClose, onImported, title, hint, url, templateUrl, templateName, purpose, successText, testId }: ImportDialogProps<Result>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ImportErrorRow[]>([]);
  const [summary, setSummary] = useState<{ type: 'error' | 'success'; text: string } | null>(null);

  const reset = () => {
    setFile(null);
    setErrors([]);
    setSummary(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async () => {
    if (!file) {
      feedback().message.warning(t('files.noFile'));
      return;
    }
    const refusal = precheckFile(purpose, file);
    if (refusal) {
      setErrors([]);
      setSummary({ type: 'error', text: t(refusal.key, refusal.params) });
      return;
    }
    setBusy(true);
    try {
      const result = await upload<Result>(url, { files: [file] }, { silent: true });
      const text = successText(result);
      setErrors([]);
      setSummary({ type: 'success', text });
      feedback().message.success(text);
      onImported(result);
    } catch (error) {
      if (error instanceof ApiError) {
        const data = error.envelope?.data as Partial<ImportResult> | null | undefined;
        setErrors(Array.isArray(data?.errors) ? data.errors : []);
        setSummary({ type: 'error', text: error.message });
      }
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      saveBlob(await download(templateUrl), `${templateName}.xlsx`);
    } catch {
      // The request client has shown why.
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={close} data-testid={`${testId}-close`}>
          {t('manage.close')}
        </Button>,
        <Button key="send" type="primary" loading={busy} onClick={() => void send()} data-testid={`${testId}-send`}>
          {t('importDialog.send')}
        </Button>,
      ]}
    >
      <div data-testid={`${testId}-dialog`}>
        <p>{hint}</p>
        <Space wrap align="start">
          <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid={`${testId}-template`}>
            {t('importDialog.template')}
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setErrors([]);
              setSummary(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid={`${testId}-choose`}>
              {t('importDialog.chooseFile')}
            </Button>
          </Upload>
        </Space>
        {summary && <Alert className="import-dialog-result" type={summary.type} showIcon title={summary.text} data-testid={`${testId}-${summary.type}`} />}
        {errors.length > 0 && (
          <Table<ImportErrorRow>
            className="import-dialog-result"
            size="small"
            rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('importDialog.errorRow'), width: 80 },
              { key: 'column', dataIndex: 'column', title: t('importDialog.errorColumn'), width: 160 },
              { key: 'message', dataIndex: 'message', title: t('importDialog.errorMessage') },
            ]}
            data-testid={`${testId}-errors`}
          />
        )}
      </div>
    </Modal>
  );
}
