import type { DataCategory } from '@iot/contracts/assistant';
import type { AssistantTool } from '../provider.js';
import type { ToolDeps } from './common.js';
import { equipmentTools } from './equipment.js';
import { gatewayTools } from './gateway.js';
import { groupTools } from './group.js';
import { malfunctionTools } from './malfunction.js';
import { warningTools } from './warning.js';
import { workOrderTools } from './work-order.js';

export type { ToolDeps } from './common.js';

/**
 * Every data tool of the assistant (docs/decisions/0062-builtin-analyst.md), one group per data
 * category. Each reads only the project of the context it runs in.
 */
export function assistantTools(deps: ToolDeps): AssistantTool[] {
  return [
    ...gatewayTools(deps),
    ...warningTools(deps),
    ...malfunctionTools(deps),
    ...workOrderTools(deps),
    ...equipmentTools(deps),
    ...groupTools(deps),
  ];
}

/** The tools of these categories only: those the user chose and may read. */
export function toolsFor(
  tools: readonly AssistantTool[],
  categories: Iterable<DataCategory>,
): AssistantTool[] {
  const wanted = new Set(categories);
  return tools.filter((t) => wanted.has(t.category));
}
