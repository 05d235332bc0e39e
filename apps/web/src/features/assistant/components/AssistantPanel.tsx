import {
  BulbOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HistoryOutlined,
  PaperClipOutlined,
  PictureOutlined,
  PlusOutlined,
  RobotOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { zh } from '@iot/contracts';
import {
  CHAT_MAX_CONTENT,
  type ChatMessage,
  categoryLabel,
  type DataCategory,
  type DataContent,
} from '@iot/contracts/assistant';
import { App, Button, Collapse, Dropdown, Image, Input, Spin, Tag, Tooltip, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { downloadChatFile, fetchChatFile } from '../api';
import { nearBottom } from '../conversation';
import { fileRefusal, formatSize, IMAGE_ACCEPT, isImage } from '../files';
import { Markdown } from '../Markdown';
import { useChat } from '../useChat';
import { ChatHistory } from './ChatHistory';
import './assistant.css';

/** A file waiting to go with the next question. */
interface Attached {
  key: number;
  file: File;
}

export interface AssistantPanelProps {
  projectId: number;
  /** The data categories the user may choose (view bit on their routes). */
  categories: DataCategory[];
  groupDisplayName: string | undefined;
  /** Reads the page the user is on, for the current-page toggle; absent on the full-page screen. */
  readPage?: () => DataContent;
  narrow: boolean;
  /** The full-page screen (AI助手) rather than the drawer. */
  page?: boolean;
}

/**
 * The assistant (feature-areas §2, §4, §5): greeting, the conversation (system messages hidden),
 * and the composer — 6-row input where Enter sends and Shift+Enter breaks the line, images and
 * files, 深度思考, 当前页面, and the chosen data categories as removable tags.
 */
export function AssistantPanel({
  projectId,
  categories,
  groupDisplayName,
  readPage,
  narrow,
  page = false,
}: AssistantPanelProps) {
  const { message } = App.useApp();
  const chat = useChat(projectId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attached[]>([]);
  const fileKey = useRef(0);
  const [thinking, setThinking] = useState(false);
  const [withPage, setWithPage] = useState(false);
  // Every category the user may read starts chosen; a tag's × leaves one out (decision 0063).
  const [left, setLeft] = useState<DataCategory[]>([]);
  const chosen = categories.filter((c) => !left.includes(c));
  const [historyOpen, setHistoryOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const fileInput = useRef<HTMLInputElement>(null);

  const shown = chat.messages.filter((m) => m.role !== 'system');

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  const canSend = text.trim().length > 0 && !chat.busy;

  const submit = async () => {
    if (!canSend) return;
    const content = text.trim();
    const sending = files;
    setText('');
    setFiles([]);
    stick.current = true;
    const sent = await chat.send({
      content,
      thinking,
      categories: chosen,
      files: sending.map((a) => a.file),
      ...(withPage && readPage ? { dataContent: readPage() } : {}),
    });
    if (!sent) {
      setText((now) => now || content);
      setFiles((now) => (now.length > 0 ? now : sending));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const addFiles = (picked: FileList | null) => {
    for (const file of Array.from(picked ?? [])) {
      const refusal = fileRefusal(file);
      if (refusal) message.error({ content: refusal, key: 'assistant-file' });
      else setFiles((now) => [...now, { key: ++fileKey.current, file }]);
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const addable = categories.filter((c) => left.includes(c));

  return (
    <div
      className={page ? 'assistant-panel assistant-panel-page' : 'assistant-panel'}
      data-testid="assistant-panel"
    >
      <div className="assistant-toolbar">
        <span className="assistant-title" data-testid="assistant-chat-name">
          {chat.name || '新对话'}
        </span>
        <Tooltip title="历史对话">
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label="历史对话"
            onClick={() => setHistoryOpen(true)}
          />
        </Tooltip>
        <Tooltip title="新对话">
          <Button type="text" icon={<PlusOutlined />} aria-label="新对话" onClick={chat.reset} />
        </Tooltip>
      </div>

      <div
        className="assistant-messages"
        ref={list}
        data-testid="assistant-messages"
        onScroll={(event) => {
          stick.current = nearBottom(event.currentTarget);
        }}
      >
        <div className="assistant-row assistant-row-assistant">
          <RobotOutlined className="assistant-avatar" />
          <div className="assistant-bubble" data-testid="assistant-greeting">
            {zh('Hello, I am your AI assistant!')}
          </div>
        </div>
        {shown.map((m) => (
          <MessageRow key={m.id} message={m} />
        ))}
        {chat.busy && (
          <div className="assistant-busy" data-testid="assistant-busy">
            <Spin size="small" /> {zh('Replying...')}
          </div>
        )}
      </div>

      <div className="assistant-composer">
        {(chosen.length > 0 || addable.length > 0) && (
          <div className="assistant-tags" data-testid="assistant-categories">
            {chosen.map((c) => (
              <Tag
                key={c}
                color="processing"
                closable
                onClose={(event) => {
                  event.preventDefault();
                  setLeft((now) => [...now, c]);
                }}
                data-category={c}
              >
                {categoryLabel(c, groupDisplayName)}
              </Tag>
            ))}
            {addable.length > 0 && (
              <Dropdown
                menu={{
                  items: addable.map((c) => ({ key: c, label: categoryLabel(c, groupDisplayName) })),
                  onClick: ({ key }) => setLeft((now) => now.filter((c) => c !== key)),
                }}
              >
                <Button size="small" type="dashed" icon={<DatabaseOutlined />}>
                  数据
                </Button>
              </Dropdown>
            )}
          </div>
        )}
        {files.length > 0 && (
          <div className="assistant-files" data-testid="assistant-files">
            {files.map(({ key, file }) => (
              <Tag
                key={key}
                icon={<PaperClipOutlined />}
                closable
                onClose={(event) => {
                  event.preventDefault();
                  setFiles((now) => now.filter((a) => a.key !== key));
                }}
              >
                {file.name}（{formatSize(file.size)}）
              </Tag>
            ))}
          </div>
        )}
        <Input.TextArea
          rows={6}
          maxLength={CHAT_MAX_CONTENT}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="输入问题，Enter 发送，Shift+Enter 换行"
          aria-label="输入问题"
          data-testid="assistant-input"
        />
        <div className="assistant-actions">
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            hidden
            data-testid="assistant-file-input"
            onChange={(event) => addFiles(event.target.files)}
          />
          <Tooltip title="上传图片">
            <Button
              type="text"
              icon={<PictureOutlined />}
              aria-label="上传图片"
              onClick={() => fileInput.current?.click()}
            />
          </Tooltip>
          <Button
            type={thinking ? 'primary' : 'default'}
            ghost={thinking}
            size="small"
            shape="round"
            icon={<BulbOutlined />}
            aria-pressed={thinking}
            onClick={() => setThinking((on) => !on)}
          >
            深度思考
          </Button>
          {readPage && (
            <Button
              type={withPage ? 'primary' : 'default'}
              ghost={withPage}
              size="small"
              shape="round"
              icon={<FileTextOutlined />}
              aria-pressed={withPage}
              onClick={() => setWithPage((on) => !on)}
            >
              当前页面
            </Button>
          )}
          <span className="assistant-spacer" />
          {chat.busy ? (
            <Button danger icon={<StopOutlined />} onClick={chat.stop} data-testid="assistant-stop">
              停止
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!canSend}
              onClick={() => void submit()}
              data-testid="assistant-send"
            >
              发送
            </Button>
          )}
        </div>
      </div>

      <ChatHistory
        projectId={projectId}
        open={historyOpen}
        narrow={narrow}
        currentId={chat.chatId}
        onClose={() => setHistoryOpen(false)}
        onLoad={(id) => {
          stick.current = true;
          void chat.load(id);
        }}
        onDeleted={(id) => {
          if (id === chat.chatId) chat.reset();
        }}
      />
    </div>
  );
}

function MessageRow({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <div
      className={mine ? 'assistant-row assistant-row-user' : 'assistant-row assistant-row-assistant'}
      data-testid={mine ? 'assistant-question' : 'assistant-answer'}
      data-message-id={message.id}
    >
      {!mine && <RobotOutlined className="assistant-avatar" />}
      <div className="assistant-bubble">
        {message.reasoning && (
          <Collapse
            size="small"
            ghost
            className="assistant-reasoning"
            items={[
              {
                key: 'reasoning',
                label: '深度思考',
                children: <div className="assistant-reasoning-text">{message.reasoning}</div>,
              },
            ]}
          />
        )}
        {mine ? (
          <div className="assistant-plain">{message.content}</div>
        ) : (
          <Markdown text={message.content} />
        )}
        {message.files.some((file) => file.url && isImage(file.name)) && (
          <Image.PreviewGroup>
            <div className="assistant-images">
              {message.files.map((file, n) =>
                file.url && isImage(file.name) ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's files never move
                  <ChatImage key={n} url={file.url} name={file.name} />
                ) : null,
              )}
            </div>
          </Image.PreviewGroup>
        )}
        {message.files.length > 0 && (
          <div className="assistant-files">
            {message.files.map((file, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's files never move
              <Tag key={n} icon={<PaperClipOutlined />}>
                {file.url ? <FileLink url={file.url} name={file.name} /> : file.name}
                {`（${formatSize(file.size)}）`}
              </Tag>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** A stored file: fetched with the token on click (served to the project's members only). */
function FileLink({ url, name }: { url: string; name: string }) {
  const { message } = App.useApp();
  return (
    <Typography.Link
      onClick={() => downloadChatFile(url, name).catch(() => message.error('文件下载失败'))}
      data-testid="assistant-file-link"
    >
      {name}
    </Typography.Link>
  );
}

/** A sent image, shown small (click to enlarge); its bytes need the token, so it is an object URL. */
function ChatImage({ url, name }: { url: string; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    fetchChatFile(url).then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setSrc(href);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  if (failed) return <span className="assistant-image-failed">图片加载失败</span>;
  if (!src) return <Spin size="small" />;
  return (
    <Image
      src={src}
      alt={name}
      width={96}
      height={96}
      className="assistant-image"
      data-testid="assistant-image"
    />
  );
}
