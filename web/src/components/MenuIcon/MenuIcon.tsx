import { useEffect, useState, type ComponentType } from 'react';
import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons';

type IconSet = Record<string, unknown>;

/** The icon set is large, so it is loaded once, in its own chunk, when the first menu icon renders. */
let loaded: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

function loadIcons(): Promise<IconSet> {
  if (!loading) {
    loading = import('@ant-design/icons/es/icons').then((mod) => {
      loaded = mod as unknown as IconSet;
      return loaded;
    });
  }
  return loading;
}

const builtIn: Record<string, ComponentType> = { HomeOutlined, AppstoreOutlined };

function lookup(set: IconSet | null, name: string): ComponentType | undefined {
  if (builtIn[name]) return builtIn[name];
  const candidate = set?.[name];
  // Icons are forwardRef objects or functions; anything else (helpers like createFromIconfontCN) is ignored.
  if (candidate && (typeof candidate === 'object' || typeof candidate === 'function') && /^[A-Z].*(Outlined|Filled|TwoTone)$/.test(name)) {
    return candidate as ComponentType;
  }
  return undefined;
}

/** An Ant Design icon by name ('HomeOutlined'); unknown or missing names show a neutral icon. */
export function MenuIcon({ name }: { name?: string }) {
  const [icons, setIcons] = useState<IconSet | null>(loaded);
  const needsSet = !!name && !builtIn[name];
  useEffect(() => {
    if (needsSet && !icons) {
      let alive = true;
      loadIcons().then((set) => alive && setIcons(set), () => undefined);
      return () => {
        alive = false;
      };
    }
    return undefined;
  }, [needsSet, icons]);
  const Icon = (name && lookup(icons, name)) || AppstoreOutlined;
  return <Icon />;
}
