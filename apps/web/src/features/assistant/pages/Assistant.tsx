import { useAssistantAccess } from '../access';
import { AssistantPanel } from '../components/AssistantPanel';
import { useNarrowWindow } from '../narrow';

/**
 * AI助手 (router-ai-assistant): the same panel as the drawer, filling the main area (decision 0063).
 * No current-page toggle: the page the user is on is this one.
 */
export function Assistant() {
  const access = useAssistantAccess();
  const narrow = useNarrowWindow();
  if (!access.allowed) return null;
  return (
    <AssistantPanel
      page
      projectId={access.projectId}
      categories={access.categories}
      groupDisplayName={access.groupDisplayName}
      narrow={narrow}
    />
  );
}
