import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, FileImageOutlined, FontSizeOutlined, LineOutlined, LinkOutlined, NotificationOutlined, PlusOutlined, SaveOutlined, AlignLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOM_BLOCK_TYPES, CUSTOM_PAGE_MAX_BLOCKS, customPageFormSchema, type CustomBlock, type CustomPageRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { feedback } from '../../../app/feedback.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { Block } from './Blocks.tsx';
import './customPages.css';

type BlockType = (typeof CUSTOM_BLOCK_TYPES)[number];
const NEW_BLOCK = 'application/x-campus-new-block';
const MOVE_BLOCK = 'application/x-campus-move-block';

const ICONS: Record<BlockType, ReactNode> = {
  heading: <FontSizeOutlined />,
  text: <AlignLeftOutlined />,
  notice: <NotificationOutlined />,
  links: <LinkOutlined />,
  image: <FileImageOutlined />,
  divider: <LineOutlined />,
};

let counter = 0;
const newId = () => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new block of a type, with texts the editor sees at once (in their language). */
function createBlock(type: BlockType, t: (key: string) => string): CustomBlock {
  const id = newId();
  switch (type) {
    case 'heading':
      return { id, type, text: t('customPages.sample.heading') };
    case 'text':
      return { id, type, text: t('customPages.sample.text') };
    case 'notice':
      return { id, type, title: t('customPages.sample.noticeTitle'), text: t('customPages.sample.text'), level: 'info' };
    case 'links':
      return { id, type, links: [{ label: t('route.dashboard'), route: '/dashboard' }] };
    case 'image':
      return { id, type, fileId: '', caption: '' };
    case 'divider':
      return { id, type };
  }
}

function Properties({ block, onChange }: { block: CustomBlock; onChange: (block: CustomBlock) => void }) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'heading':
      return (
        <Form.Item label={t('customPages.field.text')}>
          <Input value={block.text} maxLength={100} onChange={(e) => onChange({ ...block, text: e.target.value })} data-testid="designer-prop-text" />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item label={t('customPages.field.text')}>
          <Input.TextArea rows={6} value={block.text} maxLength={2000} onChange={(e) => onChange({ ...block, text: e.target.value })} data-testid="designer-prop-text" />
        </Form.Item>
      );
    case 'notice':
      return (
        <>
          <Form.Item label={t('customPages.field.title')}>
            <Input value={block.title} maxLength={100} onChange={(e) => onChange({ ...block, title: e.target.value })} data-testid="designer-prop-title" />
          </Form.Item>
          <Form.Item label={t('customPages.field.text')}>
            <Input.TextArea rows={4} value={block.text} maxLength={2000} onChange={(e) => onChange({ ...block, text: e.target.value })} data-testid="designer-prop-text" />
          </Form.Item>
          <Form.Item label={t('customPages.field.level')}>
            <Select
              value={block.level}
              onChange={(level) => onChange({ ...block, level })}
              options={(['info', 'success', 'warning', 'error'] as const).map((level) => ({ value: level, label: t(`customPages.level.${level}`) }))}
            />
          </Form.Item>
        </>
      );
    case 'links':
      return (
        <>
          {block.links.map((link, index) => (
            <Space.Compact key={index} block className="designer-link-row">
              <Input
                value={link.label}
                placeholder={t('customPages.field.label')}
                maxLength={50}
                onChange={(e) => onChange({ ...block, links: block.links.map((l, i) => (i === index ? { ...l, label: e.target.value } : l)) })}
              />
              <Input
                value={link.route}
                placeholder="/kbgl/xskb"
                maxLength={300}
                onChange={(e) => onChange({ ...block, links: block.links.map((l, i) => (i === index ? { ...l, route: e.target.value } : l)) })}
              />
              <Button icon={<DeleteOutlined />} aria-label={t('customPages.removeLink')} onClick={() => onChange({ ...block, links: block.links.filter((_, i) => i !== index) })} />
            </Space.Compact>
          ))}
          <Button icon={<PlusOutlined />} disabled={block.links.length >= 12} onClick={() => onChange({ ...block, links: [...block.links, { label: '', route: '/' }] })}>
            {t('customPages.addLink')}
          </Button>
        </>
      );
    case 'image':
      return (
        <>
          <Form.Item label={t('customPages.field.image')}>
            <FileUpload purpose="customPageImage" value={block.fileId ? [block.fileId] : []} onChange={(ids) => onChange({ ...block, fileId: ids[ids.length - 1] ?? '' })} />
          </Form.Item>
          <Form.Item label={t('customPages.field.caption')}>
            <Input value={block.caption} maxLength={100} onChange={(e) => onChange({ ...block, caption: e.target.value })} />
          </Form.Item>
        </>
      );
    case 'divider':
      return <Typography.Text type="secondary">{t('customPages.dividerHint')}</Typography.Text>;
  }
}

/**
 * /custom-page/drag: the designer. Blocks are dragged from the palette onto the canvas (or added with a
 * click), dragged to reorder (or moved with the arrows), edited on the right, then saved; publishing
 * as a menu entry happens on the list page.
 */
export default function CustomPageDesigner(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || undefined;
  const [header, setHeader] = useState({ param: '', title: '', titleEn: '', remark: '' });
  const [blocks, setBlocks] = useState<CustomBlock[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [pageId, setPageId] = useState<number | undefined>(editId);
  const dragging = useRef(false);

  useEffect(() => {
    if (!editId) return;
    let alive = true;
    call<CustomPageRow & { layout: CustomBlock[] }>('/api/system/customPages/get', { json: { id: editId } }).then(
      (page) => {
        if (!alive) return;
        setHeader({ param: page.param, title: page.title, titleEn: page.titleEn ?? '', remark: page.remark ?? '' });
        setBlocks(page.layout);
        setPageId(page.id);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [editId]);

  const selectedBlock = useMemo(() => blocks.find((block) => block.id === selected) ?? null, [blocks, selected]);

  const insert = (type: BlockType, index: number) => {
    if (blocks.length >= CUSTOM_PAGE_MAX_BLOCKS) {
      feedback().message.warning(t('customPages.tooManyBlocks'));
      return;
    }
    const block = createBlock(type, t);
    setBlocks((list) => [...list.slice(0, index), block, ...list.slice(index)]);
    setSelected(block.id);
  };
  const move = (from: number, to: number) => {
    setBlocks((list) => {
      if (from < 0 || from >= list.length) return list;
      const copy = list.slice();
      const [block] = copy.splice(from, 1);
      copy.splice(to > from ? to - 1 : to, 0, block!);
      return copy;
    });
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    setDropAt(null);
    const type = event.dataTransfer.getData(NEW_BLOCK) as BlockType;
    if (type && (CUSTOM_BLOCK_TYPES as readonly string[]).includes(type)) insert(type, index);
    const from = event.dataTransfer.getData(MOVE_BLOCK);
    if (from !== '') move(Number(from), index);
  };
  const dropZone = (index: number) => (
    <div
      key={`drop-${index}`}
      className={`designer-drop${dropAt === index ? ' active' : ''}`}
      data-testid={`designer-drop-${index}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDropAt(index);
      }}
      onDragLeave={() => setDropAt((current) => (current === index ? null : current))}
      onDrop={(event) => onDrop(event, index)}
    />
  );

  const save = async () => {
    const payload = { id: pageId, ...header, layout: blocks };
    const parsed = customPageFormSchema.safeParse(payload);
    if (!parsed.success) {
      feedback().message.error(t(parsed.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    setSaving(true);
    try {
      const saved = await call<{ id: number }>('/api/system/customPages/save', { json: parsed.data });
      setPageId(saved.id);
      feedback().message.success(t(pageId ? 'common.updated' : 'common.created'));
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="custom-page-designer">
      <div className="designer-header">
        <Form layout="vertical" className="designer-header-form">
          <Space wrap align="end">
            <Form.Item label={t('customPages.param')} required>
              <Input value={header.param} maxLength={100} onChange={(e) => setHeader({ ...header, param: e.target.value })} data-testid="designer-param" />
            </Form.Item>
            <Form.Item label={t('customPages.title')} required>
              <Input value={header.title} maxLength={100} onChange={(e) => setHeader({ ...header, title: e.target.value })} data-testid="designer-title" />
            </Form.Item>
            <Form.Item label={t('customPages.titleEn')}>
              <Input value={header.titleEn} maxLength={100} onChange={(e) => setHeader({ ...header, titleEn: e.target.value })} data-testid="designer-title-en" />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="designer-save">
                  {t('manage.save')}
                </Button>
                <Button onClick={() => void navigate('/custom-page')}>{t('customPages.backToList')}</Button>
              </Space>
            </Form.Item>
          </Space>
        </Form>
      </div>
      <div className="designer">
        <div className="designer-palette" data-testid="designer-palette">
          <Typography.Text strong>{t('customPages.palette')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="designer-palette-hint">
            {t('customPages.paletteHint')}
          </Typography.Paragraph>
          {CUSTOM_BLOCK_TYPES.map((type) => (
            <button
              type="button"
              key={type}
              className="designer-palette-item"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(NEW_BLOCK, type);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => insert(type, blocks.length)}
              data-testid={`designer-palette-${type}`}
            >
              {ICONS[type]} {t(`customPages.block.${type}`)}
            </button>
          ))}
        </div>
        <div className="designer-canvas" data-testid="designer-canvas">
          {blocks.length === 0 ? (
            <div className="designer-empty" data-testid="designer-drop-0" onDragOver={(event) => event.preventDefault()} onDrop={(event) => onDrop(event, 0)}>
              {t('customPages.dropHere')}
            </div>
          ) : (
            <>
              {dropZone(0)}
              {blocks.map((block, index) => [
                <div
                  key={block.id}
                  className={`designer-block${block.id === selected ? ' selected' : ''}`}
                  draggable
                  onDragStart={(event) => {
                    dragging.current = true;
                    event.dataTransfer.setData(MOVE_BLOCK, String(index));
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => {
                    dragging.current = false;
                    setDropAt(null);
                  }}
                  onClick={() => setSelected(block.id)}
                  data-testid="designer-block"
                  data-type={block.type}
                >
                  <div className="designer-block-tools">
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('customPages.moveUp')} disabled={index === 0} onClick={(e) => (e.stopPropagation(), move(index, index - 1))} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('customPages.moveDown')} disabled={index === blocks.length - 1} onClick={(e) => (e.stopPropagation(), move(index, index + 2))} />
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('customPages.removeBlock')}
                      onClick={(e) => {
                        e.stopPropagation();
                        setBlocks((list) => list.filter((b) => b.id !== block.id));
                        if (selected === block.id) setSelected(null);
                      }}
                    />
                  </div>
                  <Block block={block} />
                </div>,
                dropZone(index + 1),
              ])}
            </>
          )}
        </div>
        <div className="designer-properties" data-testid="designer-properties">
          <Typography.Text strong>{t('customPages.properties')}</Typography.Text>
          {selectedBlock ? (
            <Form layout="vertical" className="designer-properties-form">
              <Typography.Paragraph type="secondary">{t(`customPages.block.${selectedBlock.type}`)}</Typography.Paragraph>
              <Properties block={selectedBlock} onChange={(next) => setBlocks((list) => list.map((b) => (b.id === next.id ? next : b)))} />
            </Form>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customPages.selectBlock')} />
          )}
        </div>
      </div>
    </div>
  );
}
