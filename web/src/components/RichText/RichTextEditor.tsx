import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import Icon, { BoldOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { useTranslation } from 'react-i18next';
import './richText.css';

export interface RichTextEditorProps {
  /** HTML; '' (or absent) for an empty document. */
  value?: string;
  /** Called with the document's HTML on every change, '' when it holds no text (so "required" works). */
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Given by Form.Item; put on the editable area so the label's field can be found. */
  id?: string;
  'data-testid'?: string;
}

/**
 * The HTML the form keeps: '' rather than the editor's '<p></p>' (or an empty heading or list), since the
 * document then shows nothing a reader could see — the editor makes no pictures or rules.
 */
export function editorHtml(editor: Editor): string {
  return editor.state.doc.textContent.trim() === '' ? '' : editor.getHTML();
}

function QuoteSvg() {
  return (
    <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M160 544V320h288v288c0 141-85 224-224 240v-96c66-13 112-60 119-136H160Zm416 0V320h288v288c0 141-85 224-224 240v-96c66-13 112-60 119-136H576Z" />
    </svg>
  );
}

interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  active?: boolean;
  enabled?: boolean;
  run: (editor: Editor) => void;
}

/**
 * Rich text for assignment content (issue 13): a TipTap editor dressed as an antd input, with a small
 * toolbar. Its value is HTML that the server cleans (server/src/platform/richText.ts allows exactly the
 * markup of the extensions set up here: no pictures, no horizontal rules, headings 2 and 3 only).
 */
export function RichTextEditor({ value, onChange, placeholder, disabled, id, 'data-testid': testId = 'rich-text-editor' }: RichTextEditorProps) {
  const { t } = useTranslation();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const placeholderRef = useRef(placeholder);
  placeholderRef.current = placeholder;
  // What this editor last handed out: when the same value comes back through the form it is our own
  // typing, and setting it again would move the cursor to the end.
  const lastEmitted = useRef(value ?? '');
  const [initialContent] = useState(() => value ?? '');

  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        horizontalRule: false,
        // A trailing empty paragraph would be part of every value that ends with a list.
        trailingNode: false,
        link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } },
      }),
      Placeholder.configure({ placeholder: () => placeholderRef.current ?? '' }),
    ],
    [],
  );
  const label = placeholder || t('richText.label');
  // One object per change: the editor's options are compared by identity on every render.
  const editorProps = useMemo(
    () => ({ attributes: { class: 'campus-rich-text-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(id ? { id } : {}) } }),
    [id, label],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    editable: !disabled,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const html = editorHtml(changed);
      if (html === lastEmitted.current) return;
      lastEmitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (form reset, a record loaded for editing) replaces the document.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const next = value ?? '';
    if (next === lastEmitted.current || next === editorHtml(editor)) {
      lastEmitted.current = next;
      return;
    }
    lastEmitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor.isDestroyed && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The placeholder is read when decorations are drawn: redraw after a language switch.
  useEffect(() => {
    if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  }, [editor, placeholder]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const items: ToolbarItem[] = [
    { key: 'bold', label: t('richText.bold'), icon: <BoldOutlined />, active: state.bold, run: (e) => e.chain().focus().toggleBold().run() },
    { key: 'italic', label: t('richText.italic'), icon: <ItalicOutlined />, active: state.italic, run: (e) => e.chain().focus().toggleItalic().run() },
    { key: 'strike', label: t('richText.strike'), icon: <StrikethroughOutlined />, active: state.strike, run: (e) => e.chain().focus().toggleStrike().run() },
    {
      key: 'heading2',
      label: t('richText.heading2'),
      icon: <span className="campus-rich-text-mark">{t('richText.heading2Mark')}</span>,
      active: state.heading2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'heading3',
      label: t('richText.heading3'),
      icon: <span className="campus-rich-text-mark">{t('richText.heading3Mark')}</span>,
      active: state.heading3,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    { key: 'bulletList', label: t('richText.bulletList'), icon: <UnorderedListOutlined />, active: state.bulletList, run: (e) => e.chain().focus().toggleBulletList().run() },
    { key: 'orderedList', label: t('richText.orderedList'), icon: <OrderedListOutlined />, active: state.orderedList, run: (e) => e.chain().focus().toggleOrderedList().run() },
    { key: 'blockquote', label: t('richText.blockquote'), icon: <Icon component={QuoteSvg} />, active: state.blockquote, run: (e) => e.chain().focus().toggleBlockquote().run() },
    { key: 'undo', label: t('richText.undo'), icon: <UndoOutlined />, enabled: state.canUndo, run: (e) => e.chain().focus().undo().run() },
    { key: 'redo', label: t('richText.redo'), icon: <RedoOutlined />, enabled: state.canRedo, run: (e) => e.chain().focus().redo().run() },
  ];

  return (
    <div className={disabled ? 'campus-rich-text is-disabled' : 'campus-rich-text'} data-testid={testId}>
      <div className="campus-rich-text-toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
        {items.map((item) => (
          <Tooltip key={item.key} title={item.label} mouseEnterDelay={0.6}>
            <Button
              size="small"
              color={item.active ? 'primary' : 'default'}
              variant={item.active ? 'outlined' : 'text'}
              icon={item.icon}
              aria-label={item.label}
              aria-pressed={item.active === undefined ? undefined : item.active}
              disabled={disabled || item.enabled === false}
              // Keeps the selection in the document while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => item.run(editor)}
              data-testid={`${testId}-${item.key}`}
            />
          </Tooltip>
        ))}
      </div>
      <EditorContent editor={editor} className="campus-rich-text-body" />
    </div>
  );
}

export default RichTextEditor;
