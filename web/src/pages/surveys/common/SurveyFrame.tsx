import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appLogo, appTitle } from '../../../app/appTitle.ts';
import { LanguageButton } from '../../../app/layout/LanguageButton.tsx';
import { useSession } from '../../../state/session.ts';
import '../surveys.css';

/** The frame of the standalone survey pages (no sign-in needed): the school's name, the language switch, a narrow column. */
export function SurveyFrame({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const { i18n } = useTranslation();
  const config = useSession((s) => s.config);
  const school = appTitle(config, i18n.language);
  useEffect(() => {
    document.title = `${title} - ${school}`;
  }, [title, school]);
  return (
    <div className="survey-page" data-testid={testId}>
      <header className="survey-top">
        <div className="survey-brand">
          <img src={appLogo(config)} alt="" />
          <span>{school}</span>
        </div>
        <LanguageButton />
      </header>
      <main className="survey-main">{children}</main>
    </div>
  );
}
