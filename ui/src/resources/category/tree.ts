/** A category with its subcategories (the category resources, contracts/src/catalogue.ts). */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/**
 * Category records as a forest, siblings in their position order (then by id). A pure module, so
 * screens outside the category pages (the design editor's pickers) use it without their code.
 */
export function buildTree<T extends { id: number; parentId: number | null; position?: number | null }>(
  records: readonly T[],
): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(records.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}
