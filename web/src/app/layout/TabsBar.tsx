import { useEffect, useRef } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../menuRoutes.ts';
import { stepView, useTabs, type TabView } from '../../state/tabs.ts';

/**
 * The tabs bar of visited pages (spec section 2): each tab can be closed; the right-click menu offers close,
 * close others and close all; the arrow buttons step between tabs; the dashboard tab has no context menu and
 * cannot be removed; closing the active tab goes to the last remaining tab (or / when none is left).
 */
export function TabsBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const visited = useTabs((s) => s.visited);
  const close = useTabs((s) => s.close);
  const closeOthers = useTabs((s) => s.closeOthers);
  const closeAll = useTabs((s) => s.closeAll);
  const activePath = location.pathname;
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('.app-tab.is-active');
    if (active && typeof active.scrollIntoView === 'function') active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath, visited.length]);

  const go = (to: string | undefined) => {
    if (to) navigate(to);
  };

  const menuFor = (view: TabView): MenuProps => ({
    items: [
      { key: 'close', label: t('tabs.close') },
      { key: 'others', label: t('tabs.closeOthers') },
      { key: 'all', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'close') go(close(view.path, activePath));
      else if (key === 'others') go(closeOthers(view.path, activePath));
      else go(closeAll(activePath));
    },
  });

  const previous = stepView(visited, activePath, -1);
  const next = stepView(visited, activePath, 1);

  return (
    <div className="app-tabs" data-testid="tabs-bar">
      <Tooltip title={t('tabs.previous')}>
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          disabled={!previous}
          onClick={() => previous && navigate(previous.fullPath)}
          aria-label={t('tabs.previous')}
          data-testid="tabs-prev"
        />
      </Tooltip>
      <div className="app-tabs-scroll" ref={scroller}>
        {visited.map((view) => {
          const active = view.path === activePath;
          const tab = (
            <div
              key={view.path}
              className={`app-tab${active ? ' is-active' : ''}`}
              role="tab"
              aria-selected={active}
              data-path={view.path}
              onClick={() => !active && navigate(view.fullPath)}
              onAuxClick={(e) => {
                // Middle click closes, like browsers do.
                if (e.button === 1 && !view.meta.affix) go(close(view.path, activePath));
              }}
            >
              {active && <span className="app-tab-dot" />}
              <span className="app-tab-title">{routeTitle(view, i18n.language)}</span>
              {!view.meta.affix && (
                <CloseOutlined
                  className="app-tab-close"
                  aria-label={t('tabs.close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(close(view.path, activePath));
                  }}
                />
              )}
            </div>
          );
          if (view.meta.affix) return tab;
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              {tab}
            </Dropdown>
          );
        })}
      </div>
      <Tooltip title={t('tabs.next')}>
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          disabled={!next}
          onClick={() => next && navigate(next.fullPath)}
          aria-label={t('tabs.next')}
          data-testid="tabs-next"
        />
      </Tooltip>
    </div>
  );
}
