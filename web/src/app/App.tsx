import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { antdLocale, i18n } from '../i18n/index.ts';
import { antdTheme, getTheme } from '../theme/themes.ts';
import { usePreferences } from '../state/preferences.ts';
import { setFeedback } from './feedback.ts';
import { createRouter } from './router.tsx';
import { recordVisitsOf } from './layout/visits.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Registers antd's context-aware message and modal functions for the request client. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => setFeedback({ message, modal }), [message, modal]);
  return null;
}

export function App() {
  const language = usePreferences((s) => s.language);
  const themeName = usePreferences((s) => s.theme);
  const color = usePreferences((s) => s.color);
  const theme = useMemo(() => antdTheme(getTheme(themeName), color), [themeName, color]);
  const router = useMemo(() => createRouter(), []);
  useEffect(() => recordVisitsOf(router), [router]);
  useEffect(() => {
    document.documentElement.style.setProperty('--campus-primary', color);
    document.documentElement.dataset.theme = themeName;
  }, [color, themeName]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale(language)} theme={theme}>
        <AntApp className="campus-app">
          <FeedbackBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
