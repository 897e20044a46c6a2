import { useEffect, useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { allKeys, filterTree, flattenNodes, type PickerTreeNode } from './tree.ts';

/** Trees scroll within 300 px (spec section 9). */
export const TREE_SCROLL_HEIGHT = 300;

export interface TreeTabProps {
  kind: 'org' | 'role';
  /** Loads the tree (from the client cache when it was loaded before). */
  load: () => Promise<PickerTreeNode[]>;
  /** Changes when `load` would load something else (address, role type). */
  loadKey: string;
  /** Ids selected (checked nodes). */
  checkedIds: readonly string[];
  onAdd: (nodes: PickerTreeNode[]) => void;
  onRemove: (ids: string[]) => void;
}

function toDataNodes(nodes: readonly PickerTreeNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: node.title,
    checkable: node.checkable,
    ...(node.children ? { children: toDataNodes(node.children) } : {}),
  }));
}

/**
 * The organisation or role tab: a filter box (label contains the text) over a checkable tree. In a
 * single-select picker checking a node replaces the prior one of its kind (the selection model does it).
 */
export function TreeTab({ kind, load, loadKey, checkedIds, onAdd, onRemove }: TreeTabProps) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<PickerTreeNode[] | null>(null);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    load()
      .then((tree) => {
        if (!alive) return;
        setNodes(tree);
        setExpanded(tree.map((node) => node.key));
      })
      .catch(() => {
        // The request client has shown msg.
        if (alive) setNodes([]);
      });
    return () => {
      alive = false;
    };
    // `load` is re-created by the parent on every render; loadKey names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  const filtered = useMemo(() => filterTree(nodes ?? [], text), [nodes, text]);
  const byKey = useMemo(() => new Map(flattenNodes(nodes ?? []).map((node) => [node.key, node])), [nodes]);
  const checkedKeys = useMemo(() => {
    const ids = new Set(checkedIds);
    return flattenNodes(nodes ?? [])
      .filter((node) => node.checkable && node.id !== undefined && ids.has(node.id))
      .map((node) => node.key);
  }, [nodes, checkedIds]);

  const onFilter = (value: string) => {
    setText(value);
    const next = filterTree(nodes ?? [], value);
    setExpanded(value.trim() ? allKeys(next) : (nodes ?? []).map((node) => node.key));
  };

  return (
    <div className={`campus-picker-tree campus-picker-${kind}`}>
      <Input
        size="small"
        allowClear
        value={text}
        placeholder={t('picker.filterTree')}
        onChange={(event) => onFilter(event.target.value)}
        onPressEnter={() => onFilter(text)}
        data-testid={`picker-${kind}-filter`}
      />
      <div className="campus-picker-tree-scroll" style={{ maxHeight: TREE_SCROLL_HEIGHT, height: TREE_SCROLL_HEIGHT }} data-testid={`picker-${kind}-tree`}>
        {nodes === null ? (
          <Spin size="small" />
        ) : filtered.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={toDataNodes(filtered)}
            checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(_keys, info) => {
              const node = byKey.get(String(info.node.key));
              if (!node?.id) return;
              if (info.checked) onAdd([node]);
              else onRemove([node.id]);
            }}
          />
        )}
      </div>
    </div>
  );
}
