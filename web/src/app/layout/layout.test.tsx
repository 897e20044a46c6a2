import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LanguageButton } from './LanguageButton.tsx';
import { toggleFullscreen } from './fullscreen.ts';
import { canChangePassword } from './TopBar.tsx';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './Sidebar.tsx';
import { setFeedback, type Feedback } from '../feedback.ts';
import { reloadPage, usePreferences } from '../../state/preferences.ts';
import { SidePanel } from '../../components/SidePanel/index.ts';

afterEach(() => vi.restoreAllMocks());

describe('language button', () => {
  it('reads English in Chinese; switching writes the language cookie and reloads', () => {
    const reload = vi.spyOn(reloadPage, 'run').mockImplementation(() => undefined);
    usePreferences.setState({ language: 'zh' });
    render(<LanguageButton />);
    const button = screen.getByTestId('language-button');
    expect(button).toHaveTextContent('English');
    fireEvent.click(button);
    expect(document.cookie).toContain('language=en');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads 中文 when the language is not zh', () => {
    vi.spyOn(reloadPage, 'run').mockImplementation(() => undefined);
    usePreferences.setState({ language: 'en' });
    render(<LanguageButton />);
    expect(screen.getByTestId('language-button')).toHaveTextContent('中文');
  });
});

describe('top bar rules', () => {
  it('hides change password for IDS logins', () => {
    expect(canChangePassword('IDS')).toBe(false);
    expect(canChangePassword('normal')).toBe(true);
  });

  it('the sidebar width changes by 144 px', () => {
    expect(SIDEBAR_WIDTH - SIDEBAR_COLLAPSED_WIDTH).toBe(144);
  });

  it('full screen unsupported shows the error message', () => {
    const error = vi.fn();
    setFeedback({ message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    expect(toggleFullscreen(document)).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: expect.stringMatching(/不支持该功能|does not support this function/) }));
  });
});

describe('side panel', () => {
  it('shows header, body and footer and closes on the backdrop only when allowed', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <SidePanel open onClose={onClose} title="Header" footer={<span>Footer</span>}>
        <p>Body</p>
      </SidePanel>,
    );
    expect(await screen.findByText('Header')).toBeInTheDocument();
    expect(screen.getByText('Body')).toBeInTheDocument();
    expect(screen.getByText('Footer')).toBeInTheDocument();
    const mask = document.querySelector('.ant-drawer-mask');
    expect(mask).not.toBeNull();
    fireEvent.click(mask!);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <SidePanel open onClose={onClose} title="Header" closeOnBackdrop={false}>
        <p>Body</p>
      </SidePanel>,
    );
    fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
