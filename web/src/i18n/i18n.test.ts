import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zh from './zh.json';
import en from './en.json';
import { antdLocale, i18n, languageButtonKey, otherLanguage, resources } from './index.ts';
import { areaTexts, TEXT_AREAS, type AreaTexts } from './areas.ts';

const areas = Object.fromEntries(await Promise.all(TEXT_AREAS.map(async (area) => [area, await areaTexts(area)] as const))) as Record<string, AreaTexts>;
/** Every text the app can show: the core and all areas. */
const everything = (language: 'zh' | 'en'): Record<string, string> =>
  Object.assign({}, resources[language].translation, ...Object.values(areas).flatMap((area) => [area.contract[language], area.web[language]]));

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('language button', () => {
  it('reads English when the language is zh, otherwise 中文', () => {
    expect(i18n.t(languageButtonKey('zh'))).toBe('English');
    expect(resources.en.translation[languageButtonKey('en')]).toBe('中文');
    expect(resources.zh.translation[languageButtonKey('fr')]).toBe('中文');
    expect(otherLanguage('zh')).toBe('en');
    expect(otherLanguage('en')).toBe('zh');
  });
});

describe('resources', () => {
  it('have the same keys in zh and en, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries({ ...zh, ...en })) expect(value, key).not.toBe('');
    // Each area file pair has the same keys and never silently overrides a text of another file.
    const seen = new Set(Object.keys(en));
    for (const [area, { web: texts }] of Object.entries(areas)) {
      expect(Object.keys(texts.zh).sort(), area).toEqual(Object.keys(texts.en).sort());
      for (const [key, value] of Object.entries({ ...texts.zh, ...texts.en })) expect(value, key).not.toBe('');
      for (const key of Object.keys(texts.en)) {
        expect(seen.has(key), `${area} redefines ${key}`).toBe(false);
        seen.add(key);
      }
    }
  });

  it('keep the area texts out of the core (or equal to it) and load each area in both languages', () => {
    // Areas load in any order: an area must never change a text of the core.
    for (const language of ['zh', 'en'] as const) {
      const core: Record<string, string> = resources[language].translation;
      for (const [area, texts] of Object.entries(areas)) {
        for (const [key, value] of Object.entries({ ...texts.contract[language], ...texts.web[language] })) {
          if (key in core) expect(value, `${area} changes ${key}`).toBe(core[key]);
        }
      }
    }
    expect(i18n.getFixedT('zh')('campusUi.campusAdd')).toBe(areas.campus.web.zh['campusUi.campusAdd']);
    expect(i18n.getFixedT('en')('campuses.exportName')).toBe(areas.campus.contract.en['campuses.exportName']);
  });

  it('translate the contract catalogue keys too, with {placeholders}', () => {
    expect(i18n.getFixedT('en')('validation.passwordMin')).toBe('The password must be at least 5 characters');
    expect(i18n.getFixedT('zh')('page.notAvailable', { name: 'X' })).toContain('X');
    expect(i18n.getFixedT('en')('page.notAvailable', { name: 'Scores' })).toBe('Scores is not available yet.');
  });

  it('switch the Ant Design locale with the language', () => {
    expect(antdLocale('en').locale).toBe('en');
    expect(antdLocale('zh').locale).toBe('zh-cn');
  });

  it('hold every key the source code asks for', () => {
    const missing: string[] = [];
    const [allZh, allEn] = [everything('zh'), everything('en')];
    for (const file of sourceFiles(srcDir)) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1];
        if (!(key in allZh) || !(key in allEn)) missing.push(`${path.relative(srcDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keep Chinese text out of the code outside i18n/', () => {
    const offenders = sourceFiles(srcDir)
      .filter((file) => !file.includes(`${path.sep}i18n${path.sep}`) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /[\u4e00-\u9fff]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(srcDir, file));
    expect(offenders).toEqual([]);
  });
});
