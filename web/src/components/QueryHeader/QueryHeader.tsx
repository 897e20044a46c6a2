import { useState, type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { ArrowLeftOutlined, DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useInRouterContext, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './queryHeader.css';

export interface QueryHeaderProps<Values extends object = Record<string, unknown>> {
  /** The search fields (Form.Item elements). */
  children?: ReactNode;
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /** Search button, or Enter in a field. */
  onSearch: (values: Values) => void;
  /** After the fields were reset; without it, reset searches with the reset values. */
  onReset?: (values: Values) => void;
  /** Show the collapse toggle (default true). */
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  /** Show the back arrow; it goes one page back unless `onBack` is given. */
  showBack?: boolean;
  /** A custom back handler (shows the arrow too). */
  onBack?: () => void;
  title?: ReactNode;
  /** Extra actions on the right of the title bar (add, export, …). */
  extra?: ReactNode;
  className?: string;
}

function RouterBack({ onClick, label }: { onClick?: () => void; label: string }) {
  const navigate = useNavigate();
  return <BackButton label={label} onClick={onClick ?? (() => void navigate(-1))} />;
}

function BackButton({ onClick, label }: { onClick: () => void; label: string }) {
  return <Button type="text" icon={<ArrowLeftOutlined />} aria-label={label} title={label} onClick={onClick} data-testid="query-header-back" />;
}

/**
 * The query header of list screens (spec section 2): a collapsible search area with search and reset
 * buttons (Enter in a field searches), an optional title, actions, and a back arrow that goes one page
 * back or calls a custom back handler.
 */
export function QueryHeader<Values extends object = Record<string, unknown>>({
  children,
  form: givenForm,
  initialValues,
  onSearch,
  onReset,
  collapsible = true,
  defaultCollapsed = false,
  showBack = false,
  onBack,
  title,
  extra,
  className,
}: QueryHeaderProps<Values>) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const inRouter = useInRouterContext();
  const back = showBack || !!onBack;
  const backLabel = t('queryHeader.back');

  const reset = () => {
    form.resetFields();
    const values = form.getFieldsValue(true) as Values;
    if (onReset) onReset(values);
    else onSearch(values);
  };

  const hasBar = back || !!title || !!extra || collapsible;

  return (
    <div className={`campus-query-header${className ? ` ${className}` : ''}`} data-testid="query-header">
      {hasBar && (
        <div className="campus-query-header-bar">
          {back &&
            (inRouter ? (
              <RouterBack onClick={onBack} label={backLabel} />
            ) : (
              <BackButton label={backLabel} onClick={onBack ?? (() => window.history.back())} />
            ))}
          {title && <div className="campus-query-header-title">{title}</div>}
          <div className="campus-query-header-extra">
            {extra}
            {collapsible && (
              <Button
                type="link"
                size="small"
                icon={collapsed ? <DownOutlined /> : <UpOutlined />}
                iconPlacement="end"
                aria-expanded={!collapsed}
                onClick={() => setCollapsed((c) => !c)}
                data-testid="query-header-toggle"
              >
                {collapsed ? t('queryHeader.expand') : t('queryHeader.collapse')}
              </Button>
            )}
          </div>
        </div>
      )}
      <div className="campus-query-header-body" hidden={collapsed} data-testid="query-header-body">
        <Form<Values> form={form} layout="inline" initialValues={initialValues} onFinish={(values) => onSearch({ ...form.getFieldsValue(true), ...values } as Values)}>
          {children}
          <Form.Item className="campus-query-header-actions">
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="query-header-search">
                {t('queryHeader.search')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset} data-testid="query-header-reset">
                {t('queryHeader.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </div>
    </div>
  );
}
