import { CHAT_FILE_MAX_BYTES, CHAT_IMAGE_MAX_BYTES } from '@iot/contracts/assistant';
import { describe, expect, it } from 'vitest';
import { fileRefusal, formatSize } from './files';

describe('formatSize', () => {
  it('names each unit from Bytes to YB', () => {
    expect(formatSize(0)).toBe('0 Bytes');
    expect(formatSize(512)).toBe('512 Bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(CHAT_IMAGE_MAX_BYTES)).toBe('20 MB');
    expect(formatSize(1024 ** 3 * 3.25)).toBe('3.25 GB');
    expect(formatSize(1024 ** 4)).toBe('1 TB');
    expect(formatSize(1024 ** 5)).toBe('1 PB');
    expect(formatSize(1024 ** 6)).toBe('1 EB');
    expect(formatSize(1024 ** 7)).toBe('1 ZB');
    expect(formatSize(1024 ** 8)).toBe('1 YB');
    expect(formatSize(1024 ** 9)).toBe('1024 YB');
  });
});

describe('fileRefusal', () => {
  it('allows an image up to 20 MB and refuses one byte more', () => {
    expect(fileRefusal({ name: 'a.PNG', size: CHAT_IMAGE_MAX_BYTES })).toBeNull();
    expect(fileRefusal({ name: 'a.jpeg', size: CHAT_IMAGE_MAX_BYTES + 1 })).toBe('图片大小不能超过20M');
  });
  it('allows another file up to 150 MB and refuses one byte more', () => {
    expect(fileRefusal({ name: 'report.pdf', size: CHAT_IMAGE_MAX_BYTES + 1 })).toBeNull();
    expect(fileRefusal({ name: 'report.pdf', size: CHAT_FILE_MAX_BYTES })).toBeNull();
    expect(fileRefusal({ name: 'report.pdf', size: CHAT_FILE_MAX_BYTES + 1 })).toBe('文件大小不能超过150M');
  });
});
