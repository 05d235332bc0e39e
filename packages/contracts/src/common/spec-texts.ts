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
