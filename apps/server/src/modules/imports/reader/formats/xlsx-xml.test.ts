import { describe, expect, it } from 'vitest';
import { scanXml, type XmlHandler } from './xlsx-xml.js';

/** What a scan hears, tags as `<name attributes/>` in a normal form, texts joined between tags. */
function heard(blocks: string[]): string[] {
  const events: string[] = [];
  let text = '';
  const handler: XmlHandler = {
    tag(closing, name, attributes, selfClosing) {
      if (text) events.push(`text ${text}`);
      text = '';
      events.push(`tag ${closing ? '/' : ''}${name}[${attributes}]${selfClosing ? '/' : ''}`);
    },
    text(whole, from, to) {
      text += whole.slice(from, to);
    },
  };
  scanXml(
    blocks.map((block) => Buffer.from(block)),
    handler,
    'test.xml',
  );
  if (text) events.push(`text ${text}`);
  return events;
}

describe('scanning SpreadsheetML without a parser', () => {
  it('hears tags without their namespace prefix, their attributes as written, and whether they close', () => {
    expect(heard(['<x:row r="2" spans="1:3"><c r="A2" t="s"/><v>7</v></x:row><br/>'])).toEqual([
      'tag row[ r="2" spans="1:3"]',
      'tag c[ r="A2" t="s"]/',
      'tag v[]',
      'text 7',
      'tag /v[]',
      'tag /row[]',
      'tag br[]/',
    ]);
  });

  it('reads what only looks like a tag as a regular expression of names would', () => {
    expect(heard(['<a:>1<:b>2<c/d>3< e>4<f<g>'])).toEqual([
      // A prefix without a name after it is no prefix: the colon is where the attributes begin.
      'tag a[:]',
      'text 1<:b>2',
      'tag c[/d]',
      'text 3< e>4<f',
      'tag g[]',
    ]);
  });

  it('hears the same whatever the blocks a part is unpacked in are cut at', () => {
    const xml = '<?xml version="1.0"?><sst><si><t xml:space="preserve">Иванова &amp; Ко</t></si><si/></sst>';
    const whole = heard([xml]);
    expect(whole).toContain('tag t[ xml:space="preserve"]');
    for (let cut = 1; cut < xml.length; cut++) {
      expect(heard([xml.slice(0, cut), xml.slice(cut)])).toEqual(whole);
    }
  });
});
