import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider, message as antdMessage, theme as antdThemes } from 'antd';
import { useDayjsLocale } from '../i18n/dayjsLocale.ts';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { antdLocale, i18n } from '../i18n/index.ts';
import { antdTheme, CSS_VAR_KEY, getTheme } from '../theme/themes.ts';
import { usePreferences } from '../state/preferences.ts';
import { useReducedMotion } from '../hooks/useMediaQuery.ts';
import { deferredModal, setFeedback, type ModalFunctions } from './feedback.ts';
import { createRouter } from './router.tsx';
import { recordVisitsOf } from './layout/visits.ts';

type Holder = ComponentType<{ onReady: (modal: ModalFunctions) => void }>;

/**
 * What antd's App component gives (its root element with the base text style and the theme's CSS
 * variables, context-aware message and modal functions for the request client), except that the modal
 * code loads with the first modal instead of with the first screen.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = antdThemes.useToken();
  const [message, messageHolder] = antdMessage.useMessage();
  const [ModalHolder, setModalHolder] = useState<Holder | null>(null);
  const modal = useMemo(
    () =>
      deferredModal(async () => {
        const { ModalHolder: holder } = await import('./modalHost.tsx');
        setModalHolder(() => holder);
      }),
    [],
  );
  const attach = useCallback((real: ModalFunctions) => modal.attach(real), [modal]);
  useEffect(() => setFeedback({ message, modal }), [message, modal]);
  return (
    <div
      className={`ant-app campus-app ${CSS_VAR_KEY}`}
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {ModalHolder && <ModalHolder onReady={attach} />}
      {messageHolder}
      {children}
    </div>
  );
}

export function App() {
  const language = usePreferences((s) => s.language);
  // Ant Design's date pickers name months and weekdays through dayjs.
  useDayjsLocale(language);
  const themeName = usePreferences((s) => s.theme);
  const color = usePreferences((s) => s.color);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => antdTheme(getTheme(themeName), color, reducedMotion), [themeName, color, reducedMotion]);
  const router = useMemo(() => createRouter(), []);
  useEffect(() => recordVisitsOf(router), [router]);
  useEffect(() => {
    document.documentElement.style.setProperty('--campus-primary', color);
    document.documentElement.dataset.theme = themeName;
  }, [color, themeName]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale(language)} theme={theme}>
        <AppRoot>
          <RouterProvider router={router} />
        </AppRoot>
      </ConfigProvider>
    </I18nextProvider>
  );
}
