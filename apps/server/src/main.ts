import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { terminalLogStream } from './platform/log-format.js';
import { demoCameraCapture, historySink, startDemo } from './simulator/demo.js';

const config = loadConfig();
// On a terminal, one readable line per request; elsewhere pino's JSON lines (decision 0036).
const logStream = terminalLogStream(process.stdout);
const server = await buildApp(config, logStream ? { logStream } : {});
const { app, seeded } = server;

// A promise somebody forgot to handle (a database outage is the usual cause) is a bug to log, not a
// reason to drop every device and socket: Node's default would end the process (decision 0027).
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection');
});

if (seeded.generatedAdminPassword) {
  // Printed once, on the first start only; it is not written anywhere else.
  process.stdout.write(
    `\n  系统管理员账号 admin 已创建，初始密码：${seeded.generatedAdminPassword}\n  请登录后立即修改。\n\n`,
  );
}

await app.listen({ port: config.port, host: config.host });
process.stdout.write(
  `\n  平台已启动：http://localhost:${config.port}   设备接入 MQTT 端口：${server.telemetry.mqttPort}\n\n`,
);

// The demo project's devices, played by the server itself (DEMO=1); on the first start they bring a
// month of history, written while the server already answers. A failure here is no reason to stop.
const demo = config.demo
  ? startDemo({
      baseUrl: `http://127.0.0.1:${config.port}`,
      mqttPort: server.telemetry.mqttPort,
      dataDir: config.dataDir,
      webClientSecret: config.webClientSecret,
      log: app.log,
      sink: historySink(server),
      historyDays: config.demoHistoryDays,
      capture: demoCameraCapture(server),
    })
  : undefined;
demo?.ready.catch((error: unknown) => app.log.warn({ err: error }, 'demo devices not started'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C can arrive twice (from the terminal and from npm start); stop once.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    Promise.resolve(demo?.stop())
      .then(() => server.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
