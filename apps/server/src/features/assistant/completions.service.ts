import { ResultCode } from '@iot/contracts';
import {
  CHAT_BUSY_CODE,
  CHAT_DEFAULT_CONTEXT_MESSAGES,
  CHAT_MAX_CONTEXT_MESSAGES,
  type ChatFile,
  ChatMessages,
  type CompletionFields,
  categoryLabel,
  chatNameOf,
  type StreamEvent,
} from '@iot/contracts/assistant';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';
import { ApiError, forbidden } from '../../platform/errors.js';
import { chatFileType, type FileStore } from '../../platform/files.js';
import type { ChatsRepository, StoredMessage, StoredToolCall } from './chats.repository.js';
import { CHAT_FILES_FOLDER, type ChatsService, chatFileUrl } from './chats.service.js';
import { systemPrompt, userContent } from './prompt.js';
import {
  type AssistantTool,
  ProviderError,
  type ProviderMessage,
  type ProviderResolver,
  type ToolCall,
} from './provider.js';
import type { ToolBudget } from './tool-budget.js';

/** Rounds of tool calls an answer may make; the round after the last is offered no tools. */
export const MAX_TOOL_ROUNDS = 5;
/** How long a chat counts as busy without its answer finishing (a node that died mid-answer). */
const BUSY_TTL_MS = 10 * 60_000;
/** How often the answer so far is saved while it is written. */
const SAVE_EVERY_MS = 1_000;
/** Longest tool result sent to the model, in characters. */
const TOOL_RESULT_MAX = 30_000;

/** A checked file of the question, not yet stored. */
export interface UploadedChatFile {
  name: string;
  data: Buffer;
}

/** Where a run's events go (the SSE writer). `closed`: the client is gone; the run goes on anyway. */
export interface EventSink {
  send(event: StreamEvent): void;
}

/** Stop an answer being written, on whichever node writes it. */
const stopChannel = defineChannel<{ chatId: number }>('assistant-stop', (raw) =>
  typeof raw === 'object' && raw !== null && typeof (raw as { chatId?: unknown }).chatId === 'number'
    ? (raw as { chatId: number })
    : undefined,
);

export function busy(): ApiError {
  return new ApiError(CHAT_BUSY_CODE, ChatMessages.BUSY, 503);
}

function quotaReached(limit: number): ApiError {
  return new ApiError(ResultCode.ERROR, ChatMessages.QUOTA_REACHED(limit), 429);
}

/**
 * The completions of docs/decisions/0060: checks and claims before the stream starts (categories,
 * busy, quota), then the tool loop, streaming the answer so far and saving it whatever the client does.
 */
export class CompletionsService {
  /** Answers being written on this node, by chat id. */
  private readonly running = new Map<number, AbortController>();
  private readonly finished = new Set<Promise<void>>();

  constructor(
    private readonly repository: ChatsRepository,
    private readonly chats: ChatsService,
    private readonly files: FileStore,
    private readonly cluster: ClusterBus,
    private readonly resolve: ProviderResolver,
    private readonly tools: readonly AssistantTool[],
    private readonly log: FastifyBaseLogger,
    private readonly maxStreams: number,
    private readonly budget: ToolBudget,
  ) {
    cluster.subscribe(stopChannel, ({ chatId }) => this.running.get(chatId)?.abort());
  }

  /** Answers being written on this node now. */
  get active(): number {
    return this.running.size;
  }

  /** Stops the answer being written to the caller's chat (on any node); the part written is kept. */
  async stop(auth: AuthContext, projectId: number, chatId: number): Promise<void> {
    await this.chats.own(auth, projectId, chatId);
    await this.cluster.publish(stopChannel, { chatId });
  }

  /**
   * Everything that may refuse the question, before any byte of the stream: the chat (404), the
   * categories (403), busy (50000), the quota. Answers the run, ready to start.
   */
  prepare(
    auth: AuthContext,
    projectId: number,
    chatId: number,
    fields: CompletionFields,
    uploads: UploadedChatFile[],
  ): Promise<CompletionRun> {
    // A dozen statements per question: while devices wait to be stored they take their turn in the
    // budget with the tools (decision 0060, "Ingest first").
    return this.budget.run(() => this.prepareNow(auth, projectId, chatId, fields, uploads));
  }

  private async prepareNow(
    auth: AuthContext,
    projectId: number,
    chatId: number,
    fields: CompletionFields,
    uploads: UploadedChatFile[],
  ): Promise<CompletionRun> {
    const existing = chatId === 0 ? undefined : await this.chats.own(auth, projectId, chatId);
    const project = await this.repository.project(projectId);
    if (!project) throw forbidden();
    await this.chats.checkCategories(auth, projectId, fields.systemContentTypes, project.groupDisplayName);
    if (this.running.size >= this.maxStreams) throw busy();
    if (project.limit !== -1 && project.used >= project.limit) throw quotaReached(project.limit);

    const now = Date.now();
    let id: number;
    let named: string | undefined;
    if (existing) {
      if (!(await this.repository.claim(existing.id, now, now + BUSY_TTL_MS))) throw busy();
      id = existing.id;
    } else {
      named = chatNameOf(fields.content);
      id = await this.repository.create(projectId, auth.userId, named, now);
      await this.repository.claim(id, now, now + BUSY_TTL_MS);
    }
    // A new chat is removed again when its first question is refused or fails to be stored.
    const undo = async () => {
      if (existing) await this.repository.release(id);
      else await this.repository.delete(projectId, auth.userId, id);
    };
    if (!(await this.repository.takeQuestion(projectId))) {
      await undo();
      throw quotaReached(project.limit);
    }
    try {
      const files: (ChatFile & { text?: string })[] = [];
      for (const upload of uploads) {
        const storedName = await this.files.putChatFile(CHAT_FILES_FOLDER, upload.data, upload.name);
        const contentType = chatFileType(upload.data, upload.name)!.contentType;
        await this.repository.addFile(
          { projectId, chatId: id, storedName, name: upload.name, size: upload.data.length, contentType },
          now,
        );
        files.push({
          name: upload.name,
          size: upload.data.length,
          url: chatFileUrl(projectId, storedName),
          type: contentType,
          ...(contentType.startsWith('text/') ? { text: upload.data.toString('utf8') } : {}),
        });
      }
      const context = await this.repository.context(
        id,
        fields.messageIds.length > 0 ? fields.messageIds : undefined,
        fields.messageIds.length > 0 ? CHAT_MAX_CONTEXT_MESSAGES : CHAT_DEFAULT_CONTEXT_MESSAGES,
      );
      const question = await this.repository.addMessage(
        id,
        {
          role: 'user',
          content: fields.content,
          files: files.map(({ text: _t, ...f }) => f),
          status: 'done',
        },
        now,
      );
      const answer = await this.repository.addMessage(
        id,
        { role: 'assistant', content: '', files: [], status: 'streaming' },
        now,
      );
      const allowed = new Set(fields.systemContentTypes);
      const prompt = systemPrompt({
        projectName: project.name,
        now,
        categories: fields.systemContentTypes.map((c) => categoryLabel(c, project.groupDisplayName)),
        dataContent: fields.dataContent,
      });
      const messages: ProviderMessage[] = [
        { role: 'system', content: prompt },
        ...context.flatMap(toProviderMessage),
        { role: 'user', content: userContent(fields.content, files) },
      ];
      return new CompletionRun(this, {
        projectId,
        userId: auth.userId,
        chatId: id,
        name: named,
        question,
        answerId: answer.id,
        thinking: fields.thinking,
        messages,
        tools: this.tools.filter((tool) => allowed.has(tool.category)),
      });
    } catch (error) {
      await undo();
      await this.repository.giveBackQuestion(projectId);
      throw error;
    }
  }

  /** Runs an answer to its end (or its stop), sending events to the sink while it is there. */
  run(run: CompletionRun, sink: EventSink): Promise<void> {
    const controller = new AbortController();
    this.running.set(run.chatId, controller);
    const done = this.write(run, sink, controller.signal).finally(() => {
      this.running.delete(run.chatId);
      this.finished.delete(done);
    });
    this.finished.add(done);
    return done;
  }

  /** Waits for every answer being written (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.finished]);
  }

  private async write(run: CompletionRun, sink: EventSink, signal: AbortSignal): Promise<void> {
    const { input } = run;
    if (input.name !== undefined)
      sink.send({ type: 'name', data: { id: input.chatId, role: 'system', content: input.name, files: [] } });
    sink.send({ type: 'message', data: withoutStatus(input.question) });

    let content = '';
    let reasoning = '';
    const toolCalls: StoredToolCall[] = [];
    const streamEvent = (): StreamEvent => ({
      type: 'stream',
      data: {
        id: input.answerId,
        role: 'assistant',
        content,
        files: [],
        ...(reasoning ? { reasoning } : {}),
      },
    });
    let savedAt = Date.now();
    let saving: Promise<void> = Promise.resolve();
    const update = () => {
      sink.send(streamEvent());
      const now = Date.now();
      if (now - savedAt < SAVE_EVERY_MS) return;
      savedAt = now;
      const snapshot = { content, reasoning, toolCalls: [...toolCalls], status: 'streaming' as const };
      saving = saving
        .then(() => this.repository.saveAnswer(input.answerId, snapshot, now))
        .catch((error: unknown) => this.log.warn({ err: error }, 'answer so far not saved'));
    };

    let status: 'done' | 'stopped' | 'failed' = 'done';
    let failure: string | undefined;
    try {
      const provider = await this.resolve(input.projectId);
      const specs = input.tools.map(({ name, description, parameters }) => ({
        name,
        description,
        parameters,
      }));
      const messages = [...input.messages];
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const calls: ToolCall[] = [];
        let text = '';
        for await (const event of provider.complete({
          messages,
          tools: round < MAX_TOOL_ROUNDS ? specs : [],
          thinking: input.thinking,
          signal,
        })) {
          if (signal.aborted) break;
          if (event.type === 'text') {
            text += event.text;
            content += event.text;
            update();
          } else if (event.type === 'reasoning') {
            if (!input.thinking) continue;
            reasoning += event.text;
            update();
          } else calls.push(...event.calls);
        }
        if (signal.aborted) throw signal.reason;
        // The last round was offered no tools: calls it makes anyway are not run.
        if (calls.length === 0 || round === MAX_TOOL_ROUNDS) break;
        messages.push({ role: 'assistant', content: text, toolCalls: calls });
        for (const call of calls) {
          const result = await this.runTool(run, call, signal);
          toolCalls.push({ name: call.name, arguments: call.arguments, source: result.source });
          messages.push({ role: 'tool', toolCallId: call.id, content: result.content });
        }
        const until = Date.now() + BUSY_TTL_MS;
        await this.budget.run(() => this.repository.extend(input.chatId, until)).catch(() => undefined);
      }
      if (content === '') content = '抱歉，这个问题我暂时无法回答。';
    } catch (error) {
      if (signal.aborted) status = 'stopped';
      else {
        status = 'failed';
        failure = error instanceof ProviderError ? error.message : ChatMessages.ANSWER_FAILED;
        if (!(error instanceof ProviderError)) this.log.error({ err: error }, 'assistant answer failed');
        if (content === '' && reasoning === '') {
          content = failure;
          await this.repository.giveBackQuestion(input.projectId).catch(() => undefined);
        }
      }
    }
    await saving;
    // In the budget too, like every statement of a question (decision 0060, "Ingest first").
    const answer = { content, reasoning, toolCalls, status };
    await this.budget.run(() =>
      this.repository.finishAnswer(input.chatId, input.answerId, answer, Date.now()),
    );
    if (failure !== undefined)
      sink.send({
        type: 'error',
        data: { id: input.answerId, role: 'assistant', content: failure, files: [] },
      });
    sink.send({
      type: 'message',
      data: {
        id: input.answerId,
        role: 'assistant',
        content,
        files: [],
        ...(reasoning ? { reasoning } : {}),
      },
    });
  }

  /** Runs one tool call: never throws; an unknown, not allowed or failing tool is a result saying so. */
  private async runTool(
    run: CompletionRun,
    call: ToolCall,
    signal: AbortSignal,
  ): Promise<{ content: string; source: string }> {
    const tool = run.input.tools.find((t) => t.name === call.name);
    if (!tool) {
      const known = this.tools.some((t) => t.name === call.name);
      return {
        source: '',
        content: known
          ? `工具「${call.name}」所属的数据类别没有被选择或没有查看权限，不能使用。`
          : `没有名为「${call.name}」的工具。`,
      };
    }
    let args: unknown;
    try {
      args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch {
      return { source: '', content: `工具「${call.name}」的参数不是合法的 JSON。` };
    }
    if (signal.aborted) return { source: '', content: '已停止。' };
    try {
      const result = await this.budget.run(() =>
        tool.run(args, { projectId: run.input.projectId, userId: run.input.userId, now: Date.now() }),
      );
      const text = JSON.stringify({ source: result.source, data: result.data });
      return {
        source: result.source,
        content:
          text.length > TOOL_RESULT_MAX ? `${text.slice(0, TOOL_RESULT_MAX)}…（结果过长，已截断）` : text,
      };
    } catch (error) {
      this.log.warn({ err: error, tool: call.name }, 'assistant tool failed');
      return {
        source: '',
        content: `工具「${call.name}」出错：${error instanceof ApiError ? error.message : '查询失败'}`,
      };
    }
  }
}

/** One question, checked and stored, whose answer is about to be written. */
export class CompletionRun {
  constructor(
    private readonly service: CompletionsService,
    readonly input: {
      projectId: number;
      userId: number;
      chatId: number;
      /** Set on a new chat's first question: the `name` event. */
      name: string | undefined;
      question: StoredMessage;
      answerId: number;
      thinking: boolean;
      messages: ProviderMessage[];
      tools: AssistantTool[];
    },
  ) {}

  get chatId(): number {
    return this.input.chatId;
  }

  start(sink: EventSink): Promise<void> {
    return this.service.run(this, sink);
  }
}

function withoutStatus({ status: _status, ...message }: StoredMessage) {
  return message;
}

function toProviderMessage(message: StoredMessage): ProviderMessage[] {
  if (message.role === 'user')
    return [{ role: 'user', content: userContent(message.content, message.files) }];
  if (message.role === 'assistant' && message.content !== '')
    return [{ role: 'assistant', content: message.content }];
  return [];
}
