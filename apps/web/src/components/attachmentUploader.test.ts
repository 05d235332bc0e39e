import { AttachmentMessages } from '@iot/contracts';
import { describe, expect, it } from 'vitest';
import { acceptOf, showsUploadButton, sortPicked } from './attachmentUploader';

const file = (name: string, size = 10) => ({ name, size });

describe('AttachmentUploader rules', () => {
  it('offers the twelve types to the picker', () => {
    expect(acceptOf()).toBe('.txt,.doc,.docx,.jpg,.png,.xls,.xlsx,.ppt,.pptx,.pdf,.zip,.rar');
    expect(acceptOf(['pdf'])).toBe('.pdf');
  });

  it('hides the button in single-file mode once a file exists', () => {
    expect(showsUploadButton(0, { single: true })).toBe(true);
    expect(showsUploadButton(1, { single: true })).toBe(false);
    expect(showsUploadButton(5, {})).toBe(true);
    expect(showsUploadButton(3, { max: 3 })).toBe(false);
  });

  it('refuses wrong types and big files with the spec’s messages, once each', () => {
    const sorted = sortPicked(
      [file('a.pdf'), file('b.exe'), file('c.bat'), file('d.zip', 200 * 1024 * 1024)],
      0,
      {},
    );
    expect(sorted.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(sorted.refusals).toEqual([AttachmentMessages.FORMAT, AttachmentMessages.SIZE]);
  });

  it('takes one file in single-file mode, none when one is there', () => {
    expect(sortPicked([file('a.txt'), file('b.txt')], 0, { single: true }).accepted).toHaveLength(1);
    expect(sortPicked([file('a.txt')], 1, { single: true }).accepted).toHaveLength(0);
    expect(sortPicked([file('a.txt'), file('b.txt')], 19, { max: 20 }).accepted).toHaveLength(1);
  });
});
