import type { ReactNode } from 'react';
import { Drawer } from 'antd';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  /** Header area. */
  title?: ReactNode;
  /** Extra header content on the right. */
  extra?: ReactNode;
  /** Footer area. */
  footer?: ReactNode;
  children?: ReactNode;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Panel width in px (default 420), or a CSS width such as '100%' (a phone). */
  width?: number | string;
  className?: string;
}

/** Floating side panel: slides in from the right, with header, body and footer areas (spec section 2). */
export function SidePanel({ open, onClose, title, extra, footer, children, closeOnBackdrop = true, width = 420, className }: SidePanelProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      title={title}
      extra={extra}
      footer={footer}
      size={width}
      mask={{ closable: closeOnBackdrop }}
      className={className}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}
