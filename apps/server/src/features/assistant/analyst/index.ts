import type { AssistantTool, ChatProvider } from '../provider.js';

/**
 * The built-in offline analyst: answers the common questions about the project's data with the
 * tools it is given, so a fresh install answers for real without a model. (Being built: for now it
 * only says what it cannot answer.)
 */
export function createBuiltinAnalyst(_tools: readonly AssistantTool[]): ChatProvider {
  return {
    name: 'builtin',
    async *complete() {
      yield { type: 'text', text: '抱歉，这个问题我暂时无法回答。' };
    },
  };
}
