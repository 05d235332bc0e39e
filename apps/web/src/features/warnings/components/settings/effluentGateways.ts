import type { GroupTreeNode } from '@iot/contracts/groups';

/** What marks an effluent gateway in its name or a group it sits in (GB 18918 limits treated water). */
export const EFFLUENT_WORD = '出水';

/**
 * The gateways of the tree whose alias, or the name of a group above them, contains 出水: the
 * water-quality template's default selection (docs/decisions/0033). An influent gateway is never
 * chosen for the user; the choice is theirs to widen.
 */
export function effluentGateways(tree: GroupTreeNode[]): number[] {
  const found = new Set<number>();
  const visit = (node: GroupTreeNode, inEffluent: boolean) => {
    const effluent = inEffluent || node.name.includes(EFFLUENT_WORD);
    for (const gi of node.gatewayIndicators)
      if (effluent || gi.gatewayAlias.includes(EFFLUENT_WORD)) found.add(gi.gatewayId);
    for (const child of node.children) visit(child, effluent);
  };
  for (const node of tree) visit(node, false);
  return [...found];
}
