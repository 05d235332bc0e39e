import { describe, expect, it } from 'vitest';
import { buildManscdp, child, childText, decodeBody, parseXml, XmlParseError } from './manscdp.js';
import { buildOffer, sdpFields, ssrcFor } from './sdp.js';

/** 摄像头 in GB2312 (GBK code points C9E3 CFF1 CDB7). */
const CAMERA_GB2312 = Buffer.from([0xc9, 0xe3, 0xcf, 0xf1, 0xcd, 0xb7]);

describe('MANSCDP bodies (GB/T 28181-2016 Annex A)', () => {
  it('reads a GB2312 catalog answer with its list and Chinese names', () => {
    const body = Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="GB2312"?>\r\n<Response>\r\n<CmdType>Catalog</CmdType>\r\n<SN>17430</SN>\r\n<DeviceID>34020000001320000001</DeviceID>\r\n<SumNum>1</SumNum>\r\n<DeviceList Num="1">\r\n<Item>\r\n<DeviceID>34020000001310000001</DeviceID>\r\n<Name>',
      ),
      CAMERA_GB2312,
      Buffer.from('1</Name>\r\n<Status>ON</Status>\r\n</Item>\r\n</DeviceList>\r\n</Response>\r\n'),
    ]);
    const root = parseXml(decodeBody(body));
    expect(root.name).toBe('Response');
    expect(childText(root, 'cmdtype')).toBe('Catalog');
    const list = child(root, 'DeviceList');
    expect(list?.attributes.Num).toBe('1');
    expect(childText(list?.children[0], 'Name')).toBe('摄像头1');
    expect(childText(list?.children[0], 'DeviceID')).toBe('34020000001310000001');
  });

  it('reads entities, CDATA and comments; refuses broken documents', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><A><B x="1 &amp; 2">a &lt; b</B><C><![CDATA[<raw>]]></C><D/></A>',
    );
    expect(childText(root, 'B')).toBe('a < b');
    expect(child(root, 'B')?.attributes.x).toBe('1 & 2');
    expect(childText(root, 'C')).toBe('<raw>');
    expect(childText(root, 'D')).toBe('');
    expect(() => parseXml('<A>&#x110000;</A>')).toThrow(XmlParseError);
    for (const bad of [
      '',
      '<A>',
      '<A></B>',
      '<A><B></A>',
      '<A/><B/>',
      'text',
      '<!DOCTYPE x><A/>',
      `${'<A>'.repeat(40)}`,
    ])
      expect(() => parseXml(bad), bad).toThrow(XmlParseError);
  });

  it('writes documents declared GB2312, nested fields, escaped text', () => {
    const body = buildManscdp('Control', [
      ['CmdType', 'DeviceControl'],
      ['SN', 7],
      ['DeviceID', '34020000001310000001'],
      ['PTZCmd', 'A50F0100000000B5'],
      ['Info', [['ControlPriority', 5]]],
    ]).toString();
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="GB2312"\?>\r\n<Control>\r\n<CmdType>DeviceControl<\/CmdType>/,
    );
    expect(body).toContain('<Info>\r\n<ControlPriority>5</ControlPriority>\r\n</Info>');
    const back = parseXml(body);
    expect(childText(child(back, 'Info'), 'ControlPriority')).toBe('5');
  });
});

describe('INVITE SDP (GB/T 28181-2016 §9.2)', () => {
  it('offers PS over RTP at the media server for live video', () => {
    const sdp = buildOffer({
      platformId: '34020000002000000001',
      channelId: '34020000001310000001',
      mediaIp: '10.0.0.5',
      mediaPort: 30000,
      ssrc: '0200000001',
    });
    const fields = sdpFields(sdp);
    expect(fields).toMatchObject({
      s: 'Play',
      c: 'IN IP4 10.0.0.5',
      t: '0 0',
      m: 'video 30000 RTP/AVP 96 98 97',
      y: '0200000001',
    });
    expect(sdp).toContain('a=rtpmap:96 PS/90000\r\na=rtpmap:98 H264/90000');
    expect(sdp).toContain('a=recvonly');
    expect(fields.u).toBeUndefined();
  });

  it('asks a recording with s=Playback, u= the channel and t= the range in epoch seconds', () => {
    const fields = sdpFields(
      buildOffer({
        platformId: '34020000002000000001',
        channelId: '34020000001310000001',
        mediaIp: '10.0.0.5',
        mediaPort: 30002,
        ssrc: '1200000002',
        playback: { begin: new Date('2026-11-25T02:00:00Z'), end: new Date('2026-11-25T02:10:00Z') },
      }),
    );
    expect(fields).toMatchObject({ s: 'Playback', u: '34020000001310000001:0', t: '1795572000 1795572600' });
  });

  it('SSRC: 0 live / 1 playback, digits 4–8 of the domain, a 4-digit sequence', () => {
    expect(ssrcFor('3402000000', false, 1)).toBe('0200000001');
    expect(ssrcFor('3402000000', true, 12)).toBe('1200000012');
  });
});
