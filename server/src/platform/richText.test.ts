import { describe, expect, it } from 'vitest';
import { cleanRichText, isRichTextEmpty, plainTextOf } from './richText.ts';

describe('cleanRichText', () => {
  it('keeps everything the editor makes', () => {
    const html =
      '<h2>Reading</h2><h3>Chapter 1</h3><p>Read <strong>pages 1–10</strong>, <em>carefully</em>, <s>not</s> <u>aloud</u>.<br>Then answer.</p>' +
      '<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><blockquote><p>Quote</p></blockquote><pre><code>x = 1</code></pre><p><code>y</code></p>';
    // sanitize-html writes the void element in its XHTML form, which the browser reads the same.
    expect(cleanRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps http, https and mailto links, opening in a new tab without the opener', () => {
    expect(cleanRichText('<p><a href="https://example.com/a?b=1&amp;c=2">site</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">site</a></p>',
    );
    expect(cleanRichText('<a href="http://example.com/" target="_self" rel="opener" class="x">x</a>')).toBe('<a href="http://example.com/" rel="noopener noreferrer" target="_blank">x</a>');
    expect(cleanRichText('<a href="mailto:teacher@school.example">mail</a>')).toBe('<a href="mailto:teacher@school.example" rel="noopener noreferrer" target="_blank">mail</a>');
  });

  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['<p onclick="alert(1)" style="color:red" class="c" id="i">a</p>', '<p>a</p>'],
    ['<img src="x" onerror="alert(1)"><p>a</p>', '<p>a</p>'],
    ['<img src="data:image/png;base64,AAAA"><p>a</p>', '<p>a</p>'],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>a</p>', '<p>a</p>'],
    ['<form action="https://evil.example"><input name="p"><button>go</button></form>', 'go'],
    ['<p><a href="javascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href="JaVaScRiPt:alert(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href="java&#x09;script:alert(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href="&#106;avascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href=" \u0001javascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href="data:text/html,<script>alert(1)</script>">click</a></p>', '<p>click</p>'],
    ['<p><a href="vbscript:msgbox(1)">click</a></p>', '<p>click</p>'],
    ['<p><a href="//evil.example/x">click</a></p>', '<p>click</p>'],
    ['<p><a href="/relative">click</a></p>', '<p>click</p>'],
    ['<p><a>click</a></p>', '<p>click</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>a</p>', '<p>a</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<div><span style="x">a</span></div>', 'a'],
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
  ])('strips %s', (dirty, clean) => {
    expect(cleanRichText(dirty)).toBe(clean);
  });

  it('never leaves an executable attribute or scheme whatever the nesting', () => {
    const attacks = [
      '<p><a href="javascript:alert(1)"><strong onmouseover="alert(1)">x</strong></a></p>',
      '<<script>script>alert(1)<</script>/script>',
      '<p><scr<script>ipt>alert(1)</script></p>',
      '<a href="https://ok.example" onclick="alert(1)">x</a>',
      '<h2><img src=x onerror=alert(1)//></h2>',
    ];
    for (const attack of attacks) {
      const clean = cleanRichText(attack);
      expect(clean).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<img/i);
    }
  });

  it('turns pasted equivalents into the editor markup', () => {
    expect(cleanRichText('<h1>T</h1><p><b>b</b><i>i</i><del>d</del><strike>s</strike></p><h4>x</h4>')).toBe('<h2>T</h2><p><strong>b</strong><em>i</em><s>d</s><s>s</s></p><h3>x</h3>');
  });
});

describe('plainTextOf', () => {
  it('gives the words, blocks apart, entities decoded and white space collapsed', () => {
    expect(plainTextOf('<h2>Title</h2><p>Read&nbsp;<strong>this</strong>   now.</p><ul><li><p>a &amp; b</p></li><li><p>1 &lt; 2</p></li></ul>')).toBe(
      'Title Read this now. a & b 1 < 2',
    );
    expect(plainTextOf('<p>line<br>next</p>')).toBe('line next');
    expect(plainTextOf('<p>&amp;lt; stays &quot;as typed&quot; &#39;x&#39;</p>')).toBe('&lt; stays "as typed" \'x\'');
    expect(plainTextOf('<p>a<script>alert(1)</script>b</p>')).toBe('ab');
    expect(plainTextOf('plain text')).toBe('plain text');
    expect(plainTextOf('中文<p>作业</p>')).toBe('中文 作业');
  });
});

describe('isRichTextEmpty', () => {
  it('is true for what shows no words', () => {
    for (const html of ['', '<p></p>', '<p> </p><p><br></p>', '&nbsp;', '<script>alert(1)</script>', '<img src="x">', '<ul><li><p></p></li></ul>']) {
      expect(isRichTextEmpty(html), html).toBe(true);
    }
    for (const html of ['<p>a</p>', '0', '<p><a href="https://x.example">x</a></p>', '<blockquote><p>.</p></blockquote>']) {
      expect(isRichTextEmpty(html), html).toBe(false);
    }
  });
});
