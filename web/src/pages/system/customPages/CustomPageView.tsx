import { useEffect, useState } from 'react';
import { Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomPageView as View } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call, ApiError } from '../../../api/client.ts';
import { Block } from './Blocks.tsx';
import './customPages.css';

/** /customPreview/{zdycs}: a page built in the designer and published as a menu entry. */
export default function CustomPageView({ route }: PageProps) {
  const { t } = useTranslation();
  const param = route.customParam ?? '';
  const [state, setState] = useState<{ view?: View; error?: string; loading: boolean }>({ loading: true });
  useEffect(() => {
    let alive = true;
    call<View>('/api/customPages/view', { json: { param }, silent: true }).then(
      (view) => alive && setState({ view, loading: false }),
      (error: unknown) => alive && setState({ error: error instanceof ApiError ? error.message : t('request.failed'), loading: false }),
    );
    return () => {
      alive = false;
    };
  }, [param, t]);
  if (state.loading) return <Spin className="custom-page-loading" />;
  if (state.error || !state.view) return <Result status="warning" title={state.error} />;
  return (
    <div className="custom-page" data-testid="custom-page-view">
      {state.view.layout.length === 0 ? <Empty description={t('customPages.emptyPage')} /> : state.view.layout.map((block) => <Block key={block.id} block={block} />)}
    </div>
  );
}
