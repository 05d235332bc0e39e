import { HomeOutlined, SendOutlined, UsbOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import {
  buildRequest,
  FUNCTION_LABELS,
  type FunctionCode,
  float32Of,
  fromHex,
  type ParsedAnswer,
  parseAnswer,
  toHex,
} from './modbusRtu';
import { type LineSettings, SerialLine, webSerial } from './serialLine';
import '../manuals/manual.css';

const BAUD_RATES = [2400, 4800, 9600, 19200, 38400, 57600, 115200];
const PARITIES = [
  { value: 'none', label: '无校验' },
  { value: 'odd', label: '奇校验' },
  { value: 'even', label: '偶校验' },
];

/** The answer in words: registers (with the float32 of each pair), the write confirmed, or why not. */
export function describeAnswer(parsed: ParsedAnswer): string {
  switch (parsed.kind) {
    case 'incomplete':
      return '应答不完整（超时或字节不足）';
    case 'invalid':
      return `应答无效：${parsed.reason}`;
    case 'exception':
      return `从站异常响应 ${parsed.code.toString(16).toUpperCase().padStart(2, '0')}：${parsed.text}`;
    case 'written':
      return `已写入：地址 ${parsed.address} = ${parsed.value}`;
    case 'writtenMany':
      return `已写入：地址 ${parsed.address} 起 ${parsed.count} 个寄存器`;
    case 'registers': {
      const values = parsed.registers.map(
        (r, i) => `[${i}] ${r}（0x${r.toString(16).toUpperCase().padStart(4, '0')}）`,
      );
      const floats: string[] = [];
      for (let i = 0; i + 1 < parsed.registers.length; i += 2)
        floats.push(String(Number(float32Of(parsed.registers[i]!, parsed.registers[i + 1]!).toPrecision(7))));
      return `寄存器：${values.join('，')}${floats.length ? `；按 float32 ABCD：${floats.join('，')}` : ''}`;
    }
  }
}

interface LogLine {
  at: string;
  direction: 'TX' | 'RX' | '解析';
  text: string;
}

/**
 * /serialKit (platform-core §2, tech theme): a Modbus RTU master in the browser over Web Serial —
 * build a request (slave, function 03/04/06/16, address, count or values, CRC16), send it on the
 * user's COM port and read the answer. Without Web Serial the frames can still be built and an
 * answer pasted in to be parsed.
 */
export function SerialKitPage() {
  useDocumentTitle('串口调试工具');
  const supported = webSerial() !== undefined;
  const [settings, setSettings] = useState<LineSettings>({
    baudRate: 9600,
    dataBits: 8,
    stopBits: 1,
    parity: 'none',
  });
  const [spec, setSpec] = useState({ slave: 1, fn: 3 as FunctionCode, address: 0, count: 2, values: '0' });
  const [line, setLine] = useState<SerialLine>();
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<LogLine[]>([]);
  const [pasted, setPasted] = useState('');
  const [failure, setFailure] = useState<string>();
  const lineRef = useRef(line);
  lineRef.current = line;
  useEffect(() => () => void lineRef.current?.close(), []);

  const frame = useMemo(() => {
    try {
      const values = spec.values
        .split(/[\s,，]+/)
        .filter(Boolean)
        .map(Number);
      return { bytes: buildRequest({ ...spec, values }) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [spec]);

  const note = (direction: LogLine['direction'], text: string) =>
    setLog((lines) =>
      [{ at: new Date().toLocaleTimeString('zh-CN'), direction, text }, ...lines].slice(0, 200),
    );

  const connect = async () => {
    setFailure(undefined);
    try {
      setLine(await SerialLine.open(settings));
    } catch (error) {
      setFailure(`无法打开串口：${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const send = async () => {
    if (!line || !frame.bytes) return;
    setBusy(true);
    const request = frame.bytes;
    note('TX', toHex(request));
    try {
      const answer = await line.exchange(
        request,
        (bytes) => parseAnswer(request, bytes).kind !== 'incomplete',
      );
      note('RX', answer.length ? toHex(answer) : '（无应答）');
      note('解析', describeAnswer(parseAnswer(request, answer)));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const parsePasted = () => {
    const bytes = fromHex(pasted);
    if (!frame.bytes) return;
    note('RX', bytes ? toHex(bytes) : pasted);
    note('解析', bytes ? describeAnswer(parseAnswer(frame.bytes, bytes)) : '不是十六进制字节');
  };
  const writing = spec.fn === 6 || spec.fn === 16;

  return (
    <div className="centered-page" style={{ alignItems: 'flex-start' }}>
      <Card
        title={
          <Space>
            <UsbOutlined />
            串口调试工具
          </Space>
        }
        extra={
          <Link to="/index">
            <Button size="small" icon={<HomeOutlined />}>
              返回首页
            </Button>
          </Link>
        }
        style={{ width: '100%', maxWidth: 1100, margin: '24px auto' }}
        data-testid="serial-kit"
      >
        {!supported && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="serial-unsupported"
            title="当前浏览器不支持 Web Serial，无法连接串口"
            description="请在电脑上用 Chrome 或 Edge（89 及以上版本）通过 HTTPS 或 localhost 打开本页。下面仍可组帧，并粘贴设备的应答进行解析。"
          />
        )}
        {failure && <Alert type="error" showIcon closable style={{ marginBottom: 16 }} title={failure} />}
        <Form layout="vertical">
          <Typography.Title level={5}>串口参数</Typography.Title>
          <Row gutter={12}>
            <Col xs={12} md={5}>
              <Form.Item label="波特率">
                <Select
                  aria-label="波特率"
                  value={settings.baudRate}
                  options={BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
                  onChange={(baudRate) => setSettings((s) => ({ ...s, baudRate }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label="数据位">
                <Select
                  value={settings.dataBits}
                  options={[7, 8].map((b) => ({ value: b, label: String(b) }))}
                  onChange={(dataBits) => setSettings((s) => ({ ...s, dataBits }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label="停止位">
                <Select
                  value={settings.stopBits}
                  options={[1, 2].map((b) => ({ value: b, label: String(b) }))}
                  onChange={(stopBits) => setSettings((s) => ({ ...s, stopBits }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label="校验位">
                <Select
                  value={settings.parity}
                  options={PARITIES}
                  onChange={(parity) => setSettings((s) => ({ ...s, parity }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label=" ">
                {line ? (
                  <Button
                    danger
                    block
                    onClick={() => {
                      void line.close();
                      setLine(undefined);
                    }}
                  >
                    断开串口
                  </Button>
                ) : (
                  <Button type="primary" block disabled={!supported} onClick={connect}>
                    连接串口
                  </Button>
                )}
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>Modbus RTU 请求</Typography.Title>
          <Row gutter={12}>
            <Col xs={12} md={4}>
              <Form.Item label="从站地址">
                <InputNumber
                  aria-label="从站地址"
                  min={1}
                  max={247}
                  precision={0}
                  value={spec.slave}
                  onChange={(v) => setSpec((s) => ({ ...s, slave: v ?? 1 }))}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="功能码">
                <Select
                  aria-label="功能码"
                  value={spec.fn}
                  options={([3, 4, 6, 16] as const).map((fn) => ({ value: fn, label: FUNCTION_LABELS[fn] }))}
                  onChange={(fn) => setSpec((s) => ({ ...s, fn }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label="起始地址">
                <InputNumber
                  aria-label="起始地址"
                  min={0}
                  max={65535}
                  precision={0}
                  value={spec.address}
                  onChange={(v) => setSpec((s) => ({ ...s, address: v ?? 0 }))}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={10}>
              {writing ? (
                <Form.Item label={spec.fn === 6 ? '写入值' : '写入值（逗号分隔）'}>
                  <Input
                    aria-label="写入值"
                    value={spec.values}
                    onChange={(e) => setSpec((s) => ({ ...s, values: e.target.value }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item label="数量（寄存器）">
                  <InputNumber
                    aria-label="数量"
                    min={1}
                    max={125}
                    precision={0}
                    value={spec.count}
                    onChange={(v) => setSpec((s) => ({ ...s, count: v ?? 1 }))}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              )}
            </Col>
          </Row>
          <Form.Item
            label="请求帧（含 CRC16）"
            validateStatus={frame.error ? 'error' : undefined}
            help={frame.error}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={frame.bytes ? toHex(frame.bytes) : ''} data-testid="request-frame" />
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={!line || !frame.bytes}
                loading={busy}
                onClick={send}
              >
                发送
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label="粘贴应答解析（十六进制）">
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label="应答"
                placeholder="如：01 03 04 42 0C CC CD BA DD"
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
              />
              <Button onClick={parsePasted} disabled={!frame.bytes || pasted.trim() === ''}>
                解析
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
        <Typography.Title level={5}>收发记录</Typography.Title>
        <pre className="manual-code" data-testid="serial-log" style={{ minHeight: 80, maxHeight: 320 }}>
          {log.length === 0
            ? '还没有收发记录'
            : log.map((l) => `${l.at}  ${l.direction.padEnd(2, ' ')}  ${l.text}`).join('\n')}
        </pre>
      </Card>
    </div>
  );
}
