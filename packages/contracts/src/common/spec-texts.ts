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
} as const;

export type SpecText = keyof typeof SpecTexts;

/** What the product shows for an English text of the spec. */
export function zh(text: SpecText): string {
  return SpecTexts[text];
}
