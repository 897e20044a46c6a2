import { Button, Popover, Tooltip } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../theme/themes.ts';
import { usePreferences } from '../../state/preferences.ts';

/** Picks one of the seven themes; the choice is kept in the theme and colour cookies for 10 days. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = usePreferences((s) => s.theme);
  const setTheme = usePreferences((s) => s.setTheme);
  const content = (
    <div className="theme-picker" data-testid="theme-picker">
      {THEMES.map((item) => (
        <button
          type="button"
          key={item.name}
          className={`theme-swatch${item.name === theme ? ' is-active' : ''}`}
          onClick={() => setTheme(item.name)}
          data-testid={`theme-option-${item.name}`}
          aria-pressed={item.name === theme}
        >
          <span className="theme-swatch-color" style={{ background: item.primary }}>
            {item.name === theme && <CheckOutlined />}
          </span>
          <span className="theme-swatch-label">{t(item.labelKey)}</span>
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={content} title={t('topbar.theme')} trigger="click" placement="bottomRight">
      <Tooltip title={t('topbar.theme')}>
        <Button type="text" icon={<BgColorsOutlined />} aria-label={t('topbar.theme')} data-testid="theme-button" />
      </Tooltip>
    </Popover>
  );
}
