import { describe, expect, it } from 'vitest';
import { acceptedExtensions, fileExtension, formatByteLimit, kindLabels, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, precheckFile, translate, UPLOAD_PURPOSES } from '../index.ts';

describe('upload rules', () => {
  it('keeps the limits of spec sections 5 and 9', () => {
    expect(UPLOAD_PURPOSES.image).toMatchObject({ maxBytes: 2 * 1024 * 1024, maxFiles: 9 });
    expect(UPLOAD_PURPOSES.assignmentImage.maxBytes).toBe(5 * 1024 * 1024);
    expect(UPLOAD_PURPOSES.video).toMatchObject({ maxBytes: 150 * 1024 * 1024, maxFiles: 3 });
    expect(UPLOAD_PURPOSES.document).toMatchObject({ maxBytes: 10 * 1024 * 1024, maxFiles: 4 });
    expect(UPLOAD_PURPOSES.insurance).toMatchObject({ maxBytes: 5 * 1024 * 1024, maxFiles: 5 });
    expect(UPLOAD_PURPOSES.staffImport.maxBytes).toBe(500 * 1024);
    expect(MAX_UPLOAD_FILES).toBe(9);
    expect(MAX_UPLOAD_BYTES).toBe(450 * 1024 * 1024);
  });

  it('describes accepted files for the chooser and the messages', () => {
    expect(acceptedExtensions('image')).toEqual(['.jpg', '.jpeg', '.png']);
    expect(acceptedExtensions('avatar')).toEqual(['.jpg', '.jpeg']);
    expect(kindLabels('archive')).toBe('ZIP/RAR/7Z');
    expect(formatByteLimit(500 * 1024)).toBe('500 KB');
    expect(formatByteLimit(150 * 1024 * 1024)).toBe('150 MB');
    expect(fileExtension('a/b/Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('.hidden')).toBe('');
  });

  it('prechecks empty, wrong-type and oversize files with the catalogue texts', () => {
    const empty = precheckFile('image', { name: 'a.jpg', size: 0 })!;
    expect(translate('zh', empty.key, empty.params)).toBe('文件大小不能为0KB');
    const wrong = precheckFile('avatar', { name: 'a.png', size: 10 })!;
    expect(translate('en', wrong.key, wrong.params)).toBe('The type of a.png is not allowed; allowed: JPG');
    const big = precheckFile('staffImport', { name: 'a.xlsx', size: 500 * 1024 + 1 })!;
    expect(translate('zh', big.key, big.params)).toBe('文件 a.xlsx 大小不能超过 500 KB');
    expect(precheckFile('staffImport', { name: 'a.xlsx', size: 500 * 1024 })).toBeNull();
  });
});
