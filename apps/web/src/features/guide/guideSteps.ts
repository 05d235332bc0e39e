/**
 * 新手引导's content (feature-areas §2 Onboarding guide): the 11 steps of the usage flow, each with
 * 1–4 pages; a page is a screenshot of our own UI (scripts/guide-shots.mjs makes them, and records
 * where each numbered hint points) and the hints' texts, in the markers' order.
 */
export interface GuidePage {
  /** The screenshot's id: /guide/<shot>.png and its entry in /guide/shots.json. */
  shot: string;
  title: string;
  /** Text of hint 1, 2, …: as many as the shot has markers. */
  hints: string[];
}

export interface GuideStep {
  title: string;
  summary: string;
  pages: GuidePage[];
}

export const GUIDE_STEPS: GuideStep[] = [
  {
    title: '创建项目',
    summary: '系统管理员新建项目并指定所属公司，项目管理员从「我的项目」进入项目。',
    pages: [
      {
        shot: 'project-1',
        title: '系统管理 → 项目管理',
        hints: ['系统管理员在「系统管理」中打开「项目管理」', '点击「新建」创建项目'],
      },
      {
        shot: 'project-2',
        title: '填写项目信息',
        hints: [
          '填写项目名称，可从模板项目复制区域、站点和角色',
          '选择所属公司（可不选），并设置付费状态、接入指标上限等',
          '点击「保存」完成创建',
        ],
      },
      {
        shot: 'project-3',
        title: '进入项目',
        hints: ['项目成员在「我的项目」中看到自己参与的项目', '点击「进入项目」打开项目首页'],
      },
    ],
  },
  {
    title: '添加传感设备',
    summary: '在网关管理中登记网关（传感设备），设备用序列号和设备密钥连接平台。',
    pages: [
      {
        shot: 'gateway-1',
        title: '网关管理',
        hints: [
          '打开「设备接入 → 网关管理」',
          '点击「新建」登记一台网关',
          '网关较多时用「导入」从表格批量登记',
          '「详情」中查看在线状态和设备接入说明（MQTT 地址、主题与示例）',
        ],
      },
      {
        shot: 'gateway-2',
        title: '新建网关',
        hints: [
          '序列号：设备连接平台时的用户名（MQTT），字母、数字、- 和 _',
          '网关别名：在各页面中显示的名称',
          '可套用网关类型，一次带出型号、指标与 Modbus 点位',
        ],
      },
    ],
  },
  {
    title: '添加分组',
    summary: '用区域和站点组织项目，网关和设备都归属到站点。',
    pages: [
      {
        shot: 'group-1',
        title: '分组管理',
        hints: [
          '打开「设备接入 → 分组管理」',
          '「新建区域」：按片区或工艺段划分',
          '「新建站点」：具体的泵站、水池或监测站',
          '在分组树上选择节点，查看和调整其中的网关',
        ],
      },
    ],
  },
  {
    title: '添加监测点',
    summary: '先定义项目的指标（名称、类型、单位），再把每台网关上报的数据标识对应到指标。',
    pages: [
      {
        shot: 'point-1',
        title: '指标列表',
        hints: [
          '打开「设备接入 → 指标配置」',
          '点击「新建指标」：名称、类型（浮点、整数、布尔、文本、枚举）、单位和小数位数',
        ],
      },
      {
        shot: 'point-2',
        title: '接入配置',
        hints: [
          '切换到「接入配置」',
          '选择一台网关',
          '「网关指标」：把设备上报的数据标识对应到指标，即一个监测点',
          'DTU 透传设备在「Modbus配置」中填写寄存器点位',
        ],
      },
    ],
  },
  {
    title: '数据监测',
    summary: '设备上报后，实时数据立即刷新，历史数据可查询与导出。',
    pages: [
      {
        shot: 'monitor-1',
        title: '实时数据',
        hints: ['打开「监测中心 → 实时数据」', '每个监测点显示最新值、单位和上报时间，数据到达即刷新'],
      },
      {
        shot: 'monitor-2',
        title: '历史数据',
        hints: [
          '打开「监测中心 → 历史数据」',
          '选择网关、指标和时间段后点击「查询」',
          '「导出」把结果保存为 Excel 表格',
        ],
      },
    ],
  },
  {
    title: '添加工艺设备',
    summary: '在设备台账中登记泵、风机等工艺设备，并绑定反映其运行状态的监测点。',
    pages: [
      {
        shot: 'equipment-1',
        title: '设备台账',
        hints: ['打开「设备台账」', '点击「新建设备」', '设备较多时用「导入」从表格批量登记'],
      },
      {
        shot: 'equipment-2',
        title: '新建设备',
        hints: [
          '绑定指标：运行信号决定运行状态与时长，故障信号为 1 时显示故障',
          '「添加绑定」选择网关指标，也可绑定电流、流量等实时值',
          '「点击上传」添加说明书、图纸或照片（小于 200MB）',
          '填好设备名称、编码、类别与位置后「保存」',
        ],
      },
    ],
  },
  {
    title: '添加工艺图',
    summary: '绑定了监测点的设备在「工艺设备监控」中按站点组成工艺画面，显示运行状态和实时值。',
    pages: [
      {
        shot: 'process-1',
        title: '工艺设备监控',
        hints: [
          '打开「监测中心 → 工艺设备监控」',
          '选择站点，只看该站点的工艺设备',
          '运行、停机、故障、检修中的台数一目了然',
        ],
      },
      {
        shot: 'process-2',
        title: '设备卡片',
        hints: ['每台设备一张卡片：位置、实时值、今日运行时长与启动次数', '状态标签随运行信号实时变化'],
      },
      {
        shot: 'process-3',
        title: '设备详情',
        hints: [
          '点击卡片打开设备详情',
          '台账信息：型号、厂家、质保与附件',
          '绑定监测点的实时数据与最近 24 小时曲线',
        ],
      },
      {
        shot: 'process-4',
        title: '远程控制',
        hints: ['打开「监测中心 → 远程控制」', '对可写的网关指标下发控制命令，设备回执后记录结果'],
      },
    ],
  },
  {
    title: '添加摄像头',
    summary: '在「可视化 → 视频监控」中按分组添加摄像头，选中即播放，也可多路同屏。',
    pages: [
      {
        shot: 'camera-1',
        title: '视频监控',
        hints: [
          '打开「可视化 → 视频监控」',
          '点「新建」添加摄像头：选择平台（萤石云、乐橙云、HTTP-FLV 等）并填写序列号或播放地址',
          '「实时画面墙」可同时观看 4、9 或 16 路画面',
        ],
      },
    ],
  },
  {
    title: '预警设置',
    summary: '为监测点设置预警规则，超限时生成预警并按消息设置通知相关人员。',
    pages: [
      {
        shot: 'warning-1',
        title: '预警规则',
        hints: ['打开「预警中心 → 预警设置」', '点击「新建规则」', '「水质模板」按水质标准一次生成常用规则'],
      },
      {
        shot: 'warning-2',
        title: '新建预警规则',
        hints: [
          '选择要监测的网关指标',
          '规则名称可不填，默认按指标和条件生成',
          '持续时间（时、分、秒）：条件持续这么久才预警',
        ],
      },
    ],
  },
  {
    title: '权限设置',
    summary: '角色决定能看到哪些菜单、能做哪些操作；成员按角色加入项目。',
    pages: [
      {
        shot: 'permission-1',
        title: '角色管理',
        hints: ['打开「项目设置 → 角色管理」', '「新建角色」并为每个菜单勾选查看、修改、删除、新建等权限'],
      },
      {
        shot: 'permission-2',
        title: '用户管理',
        hints: ['打开「项目设置 → 用户管理」', '「添加成员」并指定角色', '「修改角色」随时调整成员权限'],
      },
    ],
  },
  {
    title: '更多',
    summary: '运维中心处理工单，库存中心随后开放，手机上用手机版到现场处理。',
    pages: [
      {
        shot: 'more-1',
        title: '运维中心',
        hints: ['打开「运维中心 → 工单管理」', '「新建工单」派发巡检、维修、加药、保养任务'],
      },
      {
        shot: 'more-2',
        title: '库存中心',
        hints: ['库存管理尚未开放，开放后会出现在菜单中'],
      },
      {
        shot: 'more-3',
        title: '手机版',
        hints: [
          '在手机浏览器中打开平台，选择项目',
          '底部切换工单、实时数据、预警和消息，在现场处理工单',
          '「电脑版」回到完整界面',
        ],
      },
    ],
  },
];

/** The user manual the guide links to (feature-areas §2). */
export const USER_MANUAL_PATH = '/docs/userManual/';
