import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  AttachmentMessages,
  attachmentProblem,
  fileExtension,
} from './attachments.js';

describe('attachment rules (feature-areas §5)', () => {
  it('takes the twelve types, whatever the case of the ending', () => {
    expect(ATTACHMENT_EXTENSIONS).toHaveLength(12);
    for (const ext of ATTACHMENT_EXTENSIONS)
      expect(attachmentProblem({ name: `a.${ext}`, size: 1 })).toBeNull();
    expect(attachmentProblem({ name: '报告.PDF', size: 1 })).toBeNull();
  });

  it('refuses other types and names without an ending with the format message', () => {
    for (const name of ['a.exe', 'a.jpeg', 'a.gif', 'pdf', 'a.pdf.exe', 'a.'])
      expect(attachmentProblem({ name, size: 1 })).toBe(AttachmentMessages.FORMAT);
    expect(AttachmentMessages.FORMAT).toBe(
      '上传的文件格式不正确，请选择 .txt .doc .docx .jpg .png .xls .xlsx .ppt .pptx .pdf .zip .rar 类型的文件',
    );
  });

  it('takes files under 200 MB only', () => {
    expect(attachmentProblem({ name: 'a.zip', size: ATTACHMENT_MAX_BYTES - 1 })).toBeNull();
    expect(attachmentProblem({ name: 'a.zip', size: ATTACHMENT_MAX_BYTES })).toBe(
      '上传文件大小不能超过200MB！',
    );
  });

  it('narrows to a field’s own list', () => {
    expect(attachmentProblem({ name: 'a.txt', size: 1 }, ['pdf'])).toBe(AttachmentMessages.FORMAT);
    expect(fileExtension('A.B.Docx')).toBe('docx');
    expect(fileExtension('noext')).toBe('');
  });
});
