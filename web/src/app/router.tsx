import { lazy, Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Guard } from './Guard.tsx';
import { useSession } from '../state/session.ts';
import { withTexts } from '../i18n/areas.ts';

const LoginPage = lazy(() => import('../pages/login/LoginPage.tsx'));
const NotFound = lazy(() => import('../pages/errors/NotFound.tsx'));
const NoPermission = lazy(() => import('../pages/errors/NoPermission.tsx'));
const QrCodePage = lazy(() => import('../pages/qrcode/QrCodePage.tsx'));
/** Public: a certificate's QR code opens it (contract CERTIFICATE_VERIFY_PATH); its texts are the applications area's. */
const VerifyPage = lazy(withTexts(['applications'], () => import('../pages/applications/certificates/VerifyPage.tsx')));
/** Public survey routes (spec section 2): the open surveys, answering by link, a design's preview. */
const SurveyPublicList = lazy(withTexts(['surveys'], () => import('../pages/surveys/answering/PublicListPage.tsx')));
const SurveyPublicAnswer = lazy(withTexts(['surveys'], () => import('../pages/surveys/answering/PublicAnswerPage.tsx')));
const SurveyPreview = lazy(withTexts(['surveys'], () => import('../pages/surveys/design/PreviewPage.tsx')));
const AppLayout = lazy(() => import('./layout/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));

function Loading() {
  return (
    <div className="standalone-page">
      <Spin size="large" />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

function useSignedIn(): boolean {
  return useSession((s) => !!s.token && !s.loginFailed);
}

/** A signed-in user who opens /login goes to /dashboard. */
function LoginRoute() {
  return useSignedIn() ? <Navigate to="/dashboard" replace /> : <LoginPage />;
}

/** The root: the dashboard when signed in, otherwise the login page (so a newcomer can sign in). */
function RootRoute() {
  return <Navigate to={useSignedIn() ? '/dashboard' : '/login'} replace />;
}

/**
 * Fixed routes of spec section 2. Every other path is a layout route: the guard checks the session, then
 * the layout resolves the path against the runtime routes built from the menus (unknown paths → /404).
 */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRoute /> },
  { path: '/login', element: <Lazy><LoginRoute /></Lazy> },
  { path: '/404', element: <Lazy><NotFound /></Lazy> },
  { path: '/no-permission', element: <Lazy><NoPermission /></Lazy> },
  { path: '/qrcode', element: <Lazy><QrCodePage /></Lazy> },
  { path: '/verify/:code', element: <Lazy><VerifyPage /></Lazy> },
  { path: '/verify', element: <Lazy><VerifyPage /></Lazy> },
  { path: '/survey/wjdt/wjdtListNotLogin', element: <Lazy><SurveyPublicList /></Lazy> },
  { path: '/survey/wjdt/answerSurvey', element: <Lazy><SurveyPublicAnswer /></Lazy> },
  { path: '/survey/cjwj/perviewWJ', element: <Lazy><SurveyPreview /></Lazy> },
  {
    path: '*',
    element: (
      <Guard>
        <Lazy>
          <AppLayout />
        </Lazy>
      </Guard>
    ),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
