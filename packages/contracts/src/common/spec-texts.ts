/**
 * The spec translates a Chinese product and gives some UI texts in English. The product shows the
 * Chinese wording; this is the one place that maps each English text of the spec to what we show,
 * so a reader can check both against the spec. Texts the spec gives in Chinese are used as given.
 */
export const SpecTexts = {
  // AI assistant (feature-areas §2, §5, §8)
  'Hello, I am your AI assistant!': '你好，我是你的 AI 助手！',
  'The system is busy, please try again later!': '系统繁忙，请稍后再试！',
  'Chat error': '对话出错，请重试',
  'Replying...': '正在回复…',
  'Image size cannot exceed 20M': '图片大小不能超过20M',
  'File size cannot exceed 150M': '文件大小不能超过150M',
  group: '分组',
  // Cameras (feature-areas §8; 视频监控, decision 0064)
  'Associated camera has been deleted': '关联的摄像头已被删除',
  'Snapshot image fetch failed': '获取截图失败',
  '{name} camera has no snapshot image yet': '摄像头「{name}」暂无截图',
  // Resource purchase (feature-areas §2, §9; decision 0068)
  'Purchase monitoring item reminder': '购买监测项提醒',
  'Buy now': '立即购买',
  'upgrade monitoring item configuration': '升级监测项配置',
  '1000 items (80 yuan)': '1000条（80元）',
  // Device sharing by code (feature-areas §5; decision 0069)
  "the share code's devices come from the chosen project, please change":
    '分享码的设备来自所选项目，请更换项目！',
  'Use share code': '使用分享码',
  // Maps, coordinates, location (feature-areas §2, §3, §4): decision 0066
  Map: '地图',
  'point mode': '选点',
  'area mode': '画区域',
  'keyword search': '搜索地点',
  'satellite layer': '卫星图',
  'current location': '当前位置',
  'Location-mode radio': '定位方式',
  'Location-mode radio: manual': '手动定位',
  'Location-mode radio: automatic': '自动定位',
  'gateway select': '网关',
  // Form controls: attachment uploader (feature-areas §2, §5) and onboarding guide (§2)
  'Click to upload': '点击上传',
  'Uploaded file size cannot exceed 200MB!': '上传文件大小不能超过200MB！',
  'The uploaded file format is incorrect, please choose .txt .doc .docx .jpg .png .xls .xlsx .ppt .pptx .pdf .zip .rar files':
    '上传的文件格式不正确，请选择 .txt .doc .docx .jpg .png .xls .xlsx .ppt .pptx .pdf .zip .rar 类型的文件',
  'usage flow': '使用流程',
  details: '详情',
} as const;

export type SpecText = keyof typeof SpecTexts;

/** What the product shows for an English text of the spec. */
export function zh(text: SpecText): string {
  return SpecTexts[text];
}
