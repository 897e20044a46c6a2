import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Form } from 'antd';
import type { Editor } from '@tiptap/react';
import { i18n } from '../../i18n/index.ts';
import { RichTextEditor, RichTextView } from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

/**
 * TipTap keeps its instance on the editable element, for tests. Typing goes through the editor's commands:
 * jsdom has no layout or real selection, and ProseMirror reads keystrokes back from the DOM it cannot place.
 */
function editorOf(testId = 'rich-text-editor'): Editor {
  const dom = screen.getByTestId(testId).querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
  if (!dom?.editor) throw new Error('no editor');
  return dom.editor;
}

/** A parent that keeps the value, as a form would, and can set it from outside. */
function Harness(props: { initial?: string; onValue?: (html: string) => void; disabled?: boolean }) {
  const [html, setHtml] = useState(props.initial ?? '');
  return (
    <>
      <RichTextEditor
        value={html}
        disabled={props.disabled}
        placeholder="Write the assignment"
        onChange={(next) => {
          setHtml(next);
          props.onValue?.(next);
        }}
      />
      <button type="button" data-testid="reset" onClick={() => setHtml('<h2>Loaded</h2><p>From the server</p>')} />
      <button type="button" data-testid="clear" onClick={() => setHtml('')} />
      <span data-testid="value">{html}</span>
    </>
  );
}

describe('RichTextEditor', () => {
  it('shows a translated toolbar and the placeholder, and hands out HTML when text is typed', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    expect(screen.getByRole('toolbar')).toHaveAttribute('aria-label', 'Formatting');
    for (const label of ['Bold', 'Italic', 'Strikethrough', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Quote', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    const editable = screen.getByRole('textbox', { name: 'Write the assignment' });
    expect(editable).toHaveAttribute('contenteditable', 'true');
    expect(editable.querySelector('p')).toHaveAttribute('data-placeholder', 'Write the assignment');

    const editor = editorOf();
    act(() => {
      editor.commands.insertContent('Read chapter 1');
    });
    expect(onValue).toHaveBeenLastCalledWith('<p>Read chapter 1</p>');
    expect(screen.getByTestId('value')).toHaveTextContent('<p>Read chapter 1</p>');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());

    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByTestId('rich-text-editor-bold'));
    expect(onValue).toHaveBeenLastCalledWith('<p><strong>Read chapter 1</strong></p>');
    await waitFor(() => expect(screen.getByTestId('rich-text-editor-bold')).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByTestId('rich-text-editor-bulletList'));
    expect(onValue).toHaveBeenLastCalledWith('<ul><li><p><strong>Read chapter 1</strong></p></li></ul>');
    fireEvent.click(screen.getByTestId('rich-text-editor-undo'));
    expect(onValue).toHaveBeenLastCalledWith('<p><strong>Read chapter 1</strong></p>');
  });

  it("hands out '' for a document without text, not '<p></p>'", () => {
    const onValue = vi.fn();
    render(<Harness initial="<p>x</p>" onValue={onValue} />);
    const editor = editorOf();
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(onValue).toHaveBeenLastCalledWith('');
    act(() => {
      editor.commands.setContent('<h2> </h2><ul><li><p></p></li></ul>', { emitUpdate: true });
    });
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(onValue).not.toHaveBeenCalledWith('<p></p>');
  });

  it('follows a value set from outside without echoing it back, and keeps typing in place', () => {
    const onValue = vi.fn();
    render(<Harness initial="<p>first</p>" onValue={onValue} />);
    const editor = editorOf();
    expect(editor.getHTML()).toBe('<p>first</p>');
    fireEvent.click(screen.getByTestId('reset'));
    expect(editor.getHTML()).toBe('<h2>Loaded</h2><p>From the server</p>');
    fireEvent.click(screen.getByTestId('clear'));
    expect(editor.getHTML()).toBe('<p></p>');
    expect(onValue).not.toHaveBeenCalled();

    act(() => {
      editor.commands.insertContent('ab');
    });
    act(() => {
      editor.commands.setTextSelection(2);
      editor.commands.insertContent('X');
    });
    // The value coming back from the parent is the editor's own: the cursor stays after the X.
    expect(screen.getByTestId('value')).toHaveTextContent('<p>aXb</p>');
    expect(editor.state.selection.from).toBe(3);
  });

  it('is read-only when disabled', () => {
    const { rerender } = render(<RichTextEditor value="<p>fixed</p>" disabled />);
    expect(editorOf().isEditable).toBe(false);
    expect(screen.getByTestId('rich-text-editor-bold')).toBeDisabled();
    rerender(<RichTextEditor value="<p>fixed</p>" />);
    expect(editorOf().isEditable).toBe(true);
  });

  it("works with a Form's required rule", async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="content" label="Content" rules={[{ required: true, message: 'Content is required' }]}>
          <RichTextEditor />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Content is required')).toBeInTheDocument();
    expect(screen.getByTestId('rich-text-editor').closest('.ant-form-item-has-error')).not.toBeNull();
    act(() => {
      editorOf().commands.insertContent('Homework');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ content: '<p>Homework</p>' }));
  });

  it('translates its labels with the language', async () => {
    await act(() => i18n.changeLanguage('zh'));
    render(<RichTextEditor />);
    expect(screen.getByRole('toolbar')).toHaveAttribute('aria-label', '格式');
    expect(screen.getByRole('button', { name: '加粗' })).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-label', '富文本');
  });
});

describe('RichTextView', () => {
  it('renders the stored HTML with its markup', () => {
    render(<RichTextView html={'<h2>Task</h2><p>Read <strong>this</strong></p><ul><li><p>one</p></li></ul><a href="https://x.example" rel="noopener noreferrer" target="_blank">link</a>'} className="extra" />);
    const view = screen.getByTestId('rich-text-view');
    expect(view).toHaveClass('campus-rich-text-content', 'extra');
    expect(view.querySelector('h2')).toHaveTextContent('Task');
    expect(view.querySelector('strong')).toHaveTextContent('this');
    expect(view.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://x.example');
  });
});
