import type { RoleGroup, TreeNode } from '../../api/components.ts';

/** A node as the picker's trees show it: `key` is unique in the tree, `id` is the value id (absent on role groups). */
export interface PickerTreeNode {
  key: string;
  title: string;
  id?: string;
  /** The role group of a role node. */
  group?: string;
  checkable: boolean;
  children?: PickerTreeNode[];
}

export function orgTreeNodes(nodes: readonly TreeNode[]): PickerTreeNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.label,
    id: node.id,
    checkable: true,
    ...(node.children?.length ? { children: orgTreeNodes(node.children) } : {}),
  }));
}

/** Role groups become unchecked group nodes holding their (checkable) roles. */
export function roleTreeNodes(groups: readonly RoleGroup[]): PickerTreeNode[] {
  const roles = (nodes: readonly TreeNode[], group: string, path: string): PickerTreeNode[] =>
    nodes.map((node) => ({
      key: `${path}/${node.id}`,
      title: node.label,
      id: node.id,
      group,
      checkable: true,
      ...(node.children?.length ? { children: roles(node.children, group, `${path}/${node.id}`) } : {}),
    }));
  return groups.map((group) => ({
    key: `group:${group.CODE}`,
    title: group.NAME,
    checkable: false,
    children: roles(group.CHILD, group.CODE, `group:${group.CODE}`),
  }));
}

/**
 * Keeps the nodes whose label contains `text`, and the ancestors of such nodes (so they can be reached).
 * An empty text keeps everything.
 */
export function filterTree(nodes: readonly PickerTreeNode[], text: string): PickerTreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes as PickerTreeNode[];
  const walk = (list: readonly PickerTreeNode[]): PickerTreeNode[] =>
    list.flatMap((node) => {
      const children = node.children ? walk(node.children) : [];
      if (node.title.toLowerCase().includes(needle) || children.length) {
        const kept: PickerTreeNode = { ...node };
        if (children.length) kept.children = children;
        else delete kept.children;
        return [kept];
      }
      return [];
    });
  return walk(nodes);
}

export function allKeys(nodes: readonly PickerTreeNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...(node.children ? allKeys(node.children) : [])]);
}

/** Every checkable node, depth first. */
export function flattenNodes(nodes: readonly PickerTreeNode[]): PickerTreeNode[] {
  return nodes.flatMap((node) => [node, ...(node.children ? flattenNodes(node.children) : [])]);
}

/** The label of an id in a tree (first match). */
export function findNode(nodes: readonly PickerTreeNode[], id: string): PickerTreeNode | undefined {
  return flattenNodes(nodes).find((node) => node.checkable && node.id === id);
}
