import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences.ts';
import { languageButtonKey, otherLanguage } from '../../i18n/index.ts';

/** Reads "Chinese" (in Chinese) when the language is not zh, otherwise English; switching writes the cookie and reloads. */
export function LanguageButton({ className, type = 'default' }: { className?: string; type?: 'default' | 'text' }) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const setLanguage = usePreferences((s) => s.setLanguage);
  return (
    <Button
      className={className}
      type={type}
      icon={<TranslationOutlined />}
      onClick={() => setLanguage(otherLanguage(language))}
      data-testid="language-button"
      aria-label={t('topbar.language')}
    >
      {t(languageButtonKey(language))}
    </Button>
  );
}
