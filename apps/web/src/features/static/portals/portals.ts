/**
 * The three customer portals of platform-core §2. The spec gives only their paths; we read the
 * abbreviations as the product's three kinds of customer (decision 0067): 污水厂 (wsc), 园区 (yq)
 * and 农污智维 (nwzw, rural sewage stations run from a distance). Each says what the platform does
 * for that customer, with the screens that do it.
 */
export interface Portal {
  name: 'wscindex' | 'yqindex' | 'nwzwindex';
  title: string;
  tagline: string;
  /** CSS gradient of the hero. */
  hero: string;
  features: { title: string; text: string }[];
  figures: { value: string; label: string }[];
}

export const PORTALS: Record<Portal['name'], Portal> = {
  wscindex: {
    name: 'wscindex',
    title: '污水厂智慧运维',
    tagline: '进水、生化、二沉、消毒到出水，工艺段的数据、设备与工单在一个平台里。',
    hero: 'linear-gradient(135deg, #0b3d91 0%, #1677ff 60%, #36cfc9 100%)',
    features: [
      {
        title: '工艺设备监控',
        text: '提升泵、鼓风机、回流泵按站点成画面，运行、停机、故障与今日运行时长实时可见。',
      },
      { title: '出水达标预警', text: '水质模板一次生成 COD、氨氮、总磷等规则，持续超限才报警，解除有回差。' },
      { title: '巡检与维修工单', text: '预警一键转工单，现场用手机拍照提交，维保记录与统计自动生成。' },
      { title: 'DTU 直连仪表', text: 'Modbus RTU 仪表经 DTU 接入，寄存器点位在浏览器中配置。' },
    ],
    figures: [
      { value: '实时', label: '数据到达即刷新' },
      { value: '24 小时', label: '设备运行曲线' },
      { value: '12 类', label: '附件格式' },
    ],
  },
  yqindex: {
    name: 'yqindex',
    title: '园区环境监测',
    tagline: '园区内企业排口、雨污管网与环境质量监测点统一接入，超标即知、处置留痕。',
    hero: 'linear-gradient(135deg, #135200 0%, #389e0d 55%, #95de64 100%)',
    features: [
      {
        title: '多厂商设备接入',
        text: 'MQTT、HTTP 与 ThingsBoard 兼容协议，不同厂家的监测仪按序列号和密钥接入。',
      },
      { title: '排口超标预警', text: '按排口设定阈值与生效时段，预警消息实时推送，短信、语音按需开启。' },
      { title: '趋势与排名', text: '多指标曲线对比，各企业、各排口排名，历史数据导出 Excel。' },
      { title: '分级权限', text: '园区、企业、运维单位各用各的角色，只看到自己的站点。' },
    ],
    figures: [
      { value: '5 种', label: '指标数据类型' },
      { value: '256 KiB', label: '单条报文上限' },
      { value: '10 分钟', label: '设备时钟偏差告警' },
    ],
  },
  nwzwindex: {
    name: 'nwzwindex',
    title: '农村污水智维',
    tagline: '分散在各村的小型处理站，远程看数据、远程控设备，少跑路、不漏检。',
    hero: 'linear-gradient(135deg, #5b2c00 0%, #d46b08 55%, #ffc069 100%)',
    features: [
      { title: '站点在线一览', text: '每个站点的网关在线、离线与最后上报时间一目了然，离线超时自动判定。' },
      { title: '远程控制', text: '风机、水泵远程启停，设备离线时指令排队，上线后自动下发并记录结果。' },
      { title: '保养计划', text: '按周期自动生成保养工单，分派给片区运维人员，排班表随时调整。' },
      { title: '手机现场作业', text: '手机版接单、拍照、提交，回到电脑上审核与统计。' },
    ],
    figures: [
      { value: '300 秒', label: '默认离线判定' },
      { value: '30 秒', label: '指令应答超时' },
      { value: '390 px', label: '手机屏幕可用' },
    ],
  },
};
